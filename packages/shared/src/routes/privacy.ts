// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const privacyConsent: RouteRef<"privacy.consent"> = ["GET", "/api/privacy/consent"];
export const privacyGiveConsent: RouteRef<"privacy.giveConsent"> = ["POST", "/api/privacy/consent"];
export const privacyWithdrawConsent: RouteRef<"privacy.withdrawConsent"> = ["DELETE", "/api/privacy/consent"];
export const privacyRetention: RouteRef<"privacy.retention"> = ["PUT", "/api/account/privacy/retention"];
export const privacyProcessingLog: RouteRef<"privacy.processingLog"> = ["GET", "/api/account/processing-log"];
