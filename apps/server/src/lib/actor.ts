import type { users } from "../db/schema";

/** Who is making a request, as far as the server has verified it. */
export interface Actor {
  userId: string | null;
  guestTrialId: string | null;
  isAdmin: boolean;
  /**
   * The signed-in user's account row when it was read with their session for this request (one
   * statement for both); read once per request, never kept beyond it.
   */
  user?: typeof users.$inferSelect;
}

/** A visitor with no session and no guest trial. */
export const anonymous: Actor = { userId: null, guestTrialId: null, isAdmin: false };
