// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminReferralsList: RouteRef<"adminReferrals.list"> = ["GET", "/api/admin/referrals"];
export const adminReferralsStats: RouteRef<"adminReferrals.stats"> = ["GET", "/api/admin/referrals/stats"];
export const adminReferralsProcessRewards: RouteRef<"adminReferrals.processRewards"> = ["POST", "/api/admin/referrals/process-rewards"];
export const adminReferralsManualReward: RouteRef<"adminReferrals.manualReward"> = ["POST", "/api/admin/referrals/manual-reward"];
