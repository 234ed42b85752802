import type { Bucket } from "@rupa/shared";
import type { Actor } from "../../lib/actor";
import type { ObjectOwner } from "../../infra/storage/storage";

/**
 * Who may read an object. Catalogue images (owner `public`) are open to everyone; a member's
 * files to that member and admins; a guest's files to that guest's trial and admins.
 */
export function canReadObject(bucket: Bucket, owner: ObjectOwner, actor: Actor): boolean {
  if (owner.kind === "public") return bucket === "style-previews" || bucket === "generated-avatars";
  if (actor.isAdmin) return true;
  if (owner.kind === "user") return actor.userId !== null && actor.userId === owner.id;
  return actor.guestTrialId !== null && actor.guestTrialId === owner.id;
}
