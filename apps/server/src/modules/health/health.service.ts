import type { HealthResponse } from "@rupa/shared";
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

/** Database, storage and queue, each probed for real and bounded in time. */
export async function checkHealth(ctx: AppContext): Promise<HealthResponse> {
  const [database, storage, queue] = await Promise.all([
    timed(() => ctx.db.executeSql("SELECT 1 AS ok", [])),
    timed(() => ctx.storage.check()),
    timed(() => ctx.queue.check()),
  ]);
  const healthy = [database, storage, queue].every((c) => c.status === "ok");
  return {
    status: healthy ? "healthy" : "degraded",
    version: ctx.version,
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    checks: {
      database: { ...database, driver: ctx.db.driver },
      storage: { ...storage, driver: ctx.storage.driver },
      queue: { ...queue, role: ctx.queue.role },
    },
  };
}
