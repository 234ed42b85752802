import type { SettingKey } from "@rupa/shared";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";

/**
 * Starting a paid job, avatar (plain or custom) or Kanvas run, spends one budget: a member's
 * own, a guest's per trial and address. A `RouteLimit` (middleware/rate-limit.ts), written out
 * here so the kit does not import the middleware (which reaches the app context).
 */
export const generationLimit = {
  name: "generations",
  limit: "rate_limit_generation_per_hour" as const satisfies SettingKey,
  windowSeconds: 3600,
  by: (actor: Actor, ip: string) =>
    actor.userId ? { user: actor.userId } : { guest: actor.guestTrialId, ip },
};

/** A job asked for with a photo still being processed (an avatar's, or a Kanvas reference). */
export const uploadNotReady = () =>
  new AppError("upload_not_ready", 409, "The photo is still being processed");
