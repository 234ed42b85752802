import type { Hono } from "hono";
import type { AppContext } from "../context";
import type { Queue } from "../infra/queue/queue";
import type { CleanupStep } from "../jobs/cleanup.job";
import type { AppEnv } from "../lib/http";

/**
 * What a feature adds to the server, declared once in its folder (`<feature>.module.ts`) and
 * composed in one list (modules/index.ts): its routes, its background jobs, its steps of the
 * hourly clean-up. The services it calls are built once in bootstrap.ts and reach it through
 * the context. ADR 033.
 */
export interface ServerModule {
  /** The feature's folder name, for reading the list and the logs. */
  readonly name: string;
  /** Routers of its API routes (every contract path starts with /api), mounted in this order. */
  readonly routes?: (ctx: AppContext) => Hono<AppEnv>[];
  /** Pages outside /api, each mounted at its own path (the payment simulator's /pay). */
  readonly pages?: (ctx: AppContext) => { path: string; routes: Hono<AppEnv> }[];
  /** Registers its queue jobs (before the queue starts). */
  readonly jobs?: (ctx: AppContext, queue: Pick<Queue, "register">) => void;
  /** Its step of the hourly clean-up (jobs/cleanup.job.ts), run after the common one. */
  readonly cleanup?: (ctx: AppContext) => CleanupStep;
}

/** A module's descriptor, checked against ServerModule and kept as written. */
export function defineModule<const M extends ServerModule>(module: M): M {
  return module;
}
