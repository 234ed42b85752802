/** Who is making a request, as far as the server has verified it. */
export interface Actor {
  userId: string | null;
  guestTrialId: string | null;
  isAdmin: boolean;
}

/** A visitor with no session and no guest trial. */
export const anonymous: Actor = { userId: null, guestTrialId: null, isAdmin: false };
