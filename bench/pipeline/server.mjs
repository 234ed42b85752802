// Child process of bench/pipeline/run.mjs: the real Rupa server (startServer: PGlite in a data
// folder, local storage, pg-boss in-process) on 127.0.0.1, prepared for one bench phase, with an
// IPC channel for the bench to read this process's memory and event-loop delay.
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadEnv } from "../../apps/server/src/env.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createAiConfigsRepository } from "../../apps/server/src/modules/ai-configs/ai-configs.repository.ts";
import { startServer } from "../../apps/server/src/server.ts";
import { createMember, prepareData } from "../../apps/server/test/seed-data.ts";

const cfg = JSON.parse(process.argv[2]);
const started = performance.now();

const env = loadEnv({
  NODE_ENV: "production",
  // The fake provider runs on this machine over plain http (ADR 030).
  PROVIDER_ENDPOINT_HOSTS: "127.0.0.1",
  AUTH_SECRET: randomBytes(32).toString("hex"),
  HOST: "127.0.0.1",
  PORT: String(cfg.port),
  PUBLIC_URL: `http://127.0.0.1:${cfg.port}`,
  DATA_DIR: cfg.dataDir,
  LOG_LEVEL: cfg.logLevel ?? "info",
  ...(cfg.openai ? { OPENAI_API_KEY: cfg.openai.apiKey } : {}),
});
// 500 jobs in flight at once need 500 slots (one poller per queue fetches for all of them).
if (cfg.workers) env.WORKER_CONCURRENCY = cfg.workers;

const el = monitorEventLoopDelay({ resolution: 10 });
el.enable();
const rss = []; // [epoch ms, rss bytes]
const sampler = setInterval(() => rss.push([Date.now(), process.memoryUsage().rss]), 100);

/**
 * Settings, the provider config and a member with credits, written through the services before
 * the server (and its queue workers) start on the same data folder.
 */
const prepare = () =>
  prepareData(
    env,
    {
      version: "bench",
      settings: {
        rate_limit_generation_per_hour: "10000",
        rate_limit_api_per_hour: "1000000",
        guest_ip_daily_cap: "1000",
      },
    },
    async (ctx) => {
      if (cfg.openai) {
        await createAiConfigsRepository(ctx.db.db).activate("avatar_generation", {
          apiProvider: "openai",
          modelName: "gpt-image-1",
          apiEndpoint: cfg.openai.endpoint,
          configData: {},
        });
      }
      if (!cfg.credits) return null;
      const { email, password } = await createMember(ctx, cfg.credits, {
        prefix: "bench-",
        keepBonus: true,
      });
      return { email, password };
    },
  );
if (cfg.prepareOnly) {
  // Its own short process, so the server's memory figures start clean.
  const member = await prepare();
  process.send({ type: "ready", member, startMs: performance.now() - started }, () =>
    process.exit(0),
  );
  await new Promise(() => {});
}

const running = await startServer(env, createLogger(env.LOG_LEVEL));
const { ctx } = running;
if (cfg.waitPreviews) {
  // A first start draws the catalogue's previews in the background: wait for the steady state.
  const end = Date.now() + 240_000;
  while ((await ctx.services.stylesRepo.withoutPreviews()).length > 0 && Date.now() < end)
    await new Promise((r) => setTimeout(r, 500));
  await ctx.services.settings.set("rate_limit_generation_per_hour", "10000", null);
  await ctx.services.settings.set("rate_limit_api_per_hour", "1000000", null);
  await ctx.services.settings.set("guest_ip_daily_cap", "1000", null);
}

const nanos = (x) => x / 1e6;
process.on("message", (m) => {
  void (async () => {
    const reply = (o) => process.send({ id: m.id, ...o });
    if (m.cmd === "stats") {
      const mem = process.memoryUsage();
      return reply({
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        heapTotal: mem.heapTotal,
        external: mem.external,
        arrayBuffers: mem.arrayBuffers,
        el: {
          p50: nanos(el.percentile(50)),
          p99: nanos(el.percentile(99)),
          max: nanos(el.max),
        },
      });
    }
    if (m.cmd === "elReset") {
      el.reset();
      return reply({});
    }
    if (m.cmd === "rss") return reply({ samples: rss.filter(([t]) => t >= (m.since ?? 0)) });
    if (m.cmd === "counts") {
      const res = await ctx.db.executeSql(
        "SELECT status, count(*)::int AS n FROM generation_jobs GROUP BY status",
        [],
      );
      return reply({ counts: Object.fromEntries(res.rows.map((r) => [r.status, r.n])) });
    }
    if (m.cmd === "shutdown") {
      clearInterval(sampler);
      await running.shutdown("bench finished");
      reply({});
      process.exit(0);
    }
  })();
});

process.send({
  type: "ready",
  port: running.port,
  startMs: performance.now() - started,
  rss: process.memoryUsage().rss,
  peakRss: Math.max(process.memoryUsage().rss, ...rss.map(([, r]) => r)),
  workers: env.WORKER_CONCURRENCY,
});
