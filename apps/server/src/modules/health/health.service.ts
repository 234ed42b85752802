import { monitorEventLoopDelay } from "node:perf_hooks";
import type { HealthDetail, HealthResponse } from "@rupa/shared";
import type { AppContext } from "../../context";

async function timed(fn: () => Promise<unknown>, timeoutMs = 3000) {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: "ok" as const, latencyMs: Math.round(performance.now() - start) };
  } catch (e) {
    return {
      status: "error" as const,
      latencyMs: Math.round(performance.now() - start),
      detail: e instanceof Error ? e.message : String(e),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** One shared answer per `ttlMs`: callers in between get the same promise. */
function memo<T>(ttlMs: number, fn: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  return () => {
    if (!value || Date.now() - at >= ttlMs) {
      at = Date.now();
      value = fn();
    }
    return value;
  };
}

const EVENT_LOOP_WINDOW_MS = 60_000;
let loop: { histogram: ReturnType<typeof monitorEventLoopDelay>; since: number } | undefined;
/** This process's event-loop delay, measured in windows of a minute (one monitor per process). */
function eventLoop(): HealthDetail["eventLoop"] {
  if (!loop) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    loop = { histogram, since: Date.now() };
    const l = loop;
    setInterval(() => {
      l.histogram.reset();
      l.since = Date.now();
    }, EVENT_LOOP_WINDOW_MS).unref();
  }
  const h = loop.histogram;
  const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
  return {
    p50Ms: h.count ? ms(h.percentile(50)) : 0,
    p99Ms: h.count ? ms(h.percentile(99)) : 0,
    maxMs: h.count ? ms(h.max) : 0,
    windowSeconds: Math.round((Date.now() - loop.since) / 1000),
  };
}

/**
 * /api/health. Everyone gets liveness (the database answers), from a copy at most 2 s old, so
 * a load balancer or an attacker polling it costs one query per 2 s. Admins get each component
 * probed (the storage probe writes and reads a small object, so the details are a copy at most
 * 10 s old) and the event-loop delay.
 */
export function createHealthService(ctx: AppContext) {
  eventLoop();
  const liveness = memo(2000, async (): Promise<HealthResponse> => {
    const db = await timed(() => ctx.db.executeSql("SELECT 1 AS ok", []));
    return { status: db.status === "ok" ? "healthy" : "degraded" };
  });
  const components = memo(10_000, async () => {
    const provider = await ctx.services.providers.forService("avatar_generation");
    const [database, storage, queue, prov] = await Promise.all([
      timed(() => ctx.db.executeSql("SELECT 1 AS ok", [])),
      timed(() => ctx.storage.check()),
      timed(() => ctx.queue.check()),
      timed(() => provider.check()),
    ]);
    return {
      database: { ...database, driver: ctx.db.driver },
      storage: { ...storage, driver: ctx.storage.driver },
      queue: { ...queue, role: ctx.queue.role },
      provider: { ...prov, name: provider.name, model: provider.model },
    };
  });

  return {
    liveness,
    async detail(): Promise<HealthDetail> {
      const checks = await components();
      // The provider is reported, not required: the API stays up when an AI service is down.
      const healthy = [checks.database, checks.storage, checks.queue].every(
        (c) => c.status === "ok",
      );
      return {
        status: healthy ? "healthy" : "degraded",
        version: ctx.version,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
        checks,
        eventLoop: eventLoop(),
      };
    },
  };
}
