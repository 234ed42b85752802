import { createHash } from "node:crypto";

/** A failed sign-in's account, as its event stores it: a digest, never the e-mail itself. */
export function accountDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 16);
}
