/**
 * What the navigation needs to know about the session. The app layer maps the account
 * (features/auth) onto this, so the navigation stays independent of how sessions work.
 */
export type NavSession =
  | { kind: "loading" }
  | { kind: "visitor" }
  | { kind: "user"; credits: number; watermarkedOnly: boolean; isAdmin: boolean };
