// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const referralsMine: RouteRef<"referrals.mine"> = ["GET", "/api/referrals/me"];
