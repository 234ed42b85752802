import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { Env } from "./env";
import type { DatabaseHandle } from "./infra/db/client";
import type { Queue } from "./infra/queue/queue";
import type { Storage } from "./infra/storage/storage";
import type { Logger } from "./lib/logger";

/** Who is making a request, as far as the server has verified it. */
export interface Actor {
  userId: string | null;
  guestTrialId: string | null;
  isAdmin: boolean;
}

/** Everything a module needs, built once at start and passed down (no globals). */
export interface AppContext {
  env: Env;
  log: Logger;
  db: DatabaseHandle;
  storage: Storage;
  queue: Queue;
  version: string;
  startedAt: number;
  /**
   * Resolves the verified actor of a request from its session or guest cookie. Until a feature
   * installs a resolver, every request is anonymous and private files are refused.
   */
  resolveActor: (c: Context<AppEnv>) => Promise<Actor>;
}

export type AppEnv = {
  Bindings: HttpBindings;
  Variables: { requestId: string; log: Logger; clientIp: string };
};

export const anonymous: Actor = { userId: null, guestTrialId: null, isAdmin: false };
