import {
  type ChangeBus,
  createLocalChangeBus,
  createPostgresChangeBus,
} from "./infra/db/change-bus";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import { createAppContext, registerJobs } from "./bootstrap";
import type { AppContext } from "./context";
import type { Env } from "./env";
import { openDatabase } from "./infra/db/client";
import { type BackupSocket, backupSocketPath, serveBackups } from "./infra/db/backup-socket";
import { oneAtATime, runMigrations } from "./infra/db/migrate";
import { seedDatabase } from "./db/seed";
import { createQueue } from "./infra/queue/queue";
import { createStorage } from "./infra/storage/create-storage";
import { STYLE_PREVIEWS_JOB } from "./modules/styles/style-previews.worker";
import { builtPreviewsSource, createBuiltPreviews } from "./modules/styles/built-previews";
import type { Logger } from "./lib/logger";
import { VERSION } from "./version";
import { limitImageThreads } from "./infra/images/image-threads";
import { providerAnswers } from "./infra/providers/answer-slots";
import type { ApiLimiter } from "./modules/rate-limit/api-limiter";
import { warnOfSimulatorInProduction } from "./modules/payment-simulator/simulator-in-production";

export { VERSION };

/** The built web app: WEB_DIST_DIR, or apps/web/dist next to this server. */
function webDistDir(env: Env): string | undefined {
  if (env.WEB_DIST_DIR) return path.resolve(env.WEB_DIST_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, "../../web/dist"), path.resolve(here, "../../../apps/web/dist")].find(
    (p) => fs.existsSync(path.join(p, "index.html")),
  );
}

/**
 * How long an idle keep-alive connection stays open. Node closes it after 5 s, and a client that
 * sends its next request on it at that moment gets ECONNRESET (a journey did, after 5 s of clicks
 * between two requests). A proxy or load balancer in front keeps its connections to the server
 * idle for up to 60 s (AWS's default; nginx's upstream keepalive_timeout is 60 s as well), so the
 * server must wait longer than that: the side that closes first is the one that causes the reset.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function keepConnectionsOpen(server: ServerType): void {
  if (!("keepAliveTimeout" in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The headers' timeout stays above it, so that no shorter timer cuts an idle connection first.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
}

export interface RunningServer {
  ctx: AppContext;
  port: number;
  /** Stop accepting, finish in-flight requests, stop workers, close the database. */
  shutdown(reason: string): Promise<void>;
}

/** Open everything, migrate, seed, start the queue and listen. */
export async function startServer(env: Env, log: Logger): Promise<RunningServer> {
  limitImageThreads();
  providerAnswers.resize(env.PROVIDER_ANSWERS_AT_ONCE);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, "db"),
    poolMax: env.DB_POOL_MAX,
  });
  let server: ServerType | undefined;
  let queueStarted: ReturnType<typeof createQueue> | undefined;
  let changes: ChangeBus | undefined;
  let apiLimiter: ApiLimiter | undefined;
  let backups: BackupSocket | undefined;
  try {
    await runMigrations(db);
    await oneAtATime(db, "seed", () => seedDatabase(db.db, env.INITIAL_SETTINGS));
    const storage = createStorage(env);
    const queue = createQueue(db, env.ROLE, log, env.WORKER_CONCURRENCY);
    // Several processes share one PostgreSQL: they hear each other's news over LISTEN/NOTIFY.
    changes =
      env.DATABASE_URL && db.pool
        ? createPostgresChangeBus(env.DATABASE_URL, db.pool, log)
        : createLocalChangeBus();
    const ctx: AppContext = createAppContext({
      env,
      log,
      db,
      storage,
      queue,
      version: VERSION,
      changes,
    });
    apiLimiter = ctx.services.apiLimiter;
    await ctx.services.admin.users.ensureAdmin((line) => process.stdout.write(`${line}\n`));
    await warnOfSimulatorInProduction(ctx);
    registerJobs(ctx);
    // The database's clock before our workers start: nothing claimed later is a dead one's.
    const clock = await db.executeSql("SELECT extract(epoch FROM now()) * 1000 AS ms", []);
    const beforeWorkers = new Date(Number((clock.rows[0] as { ms: unknown } | undefined)?.ms));
    queueStarted = queue;
    await queue.start();
    // One process owns a PGlite folder (lock file), so any generation left "processing" there
    // with no sign of life since this process started was cut off by the last stop: recover it
    // now rather than after its heartbeat goes stale. (Elsewhere the sweeper's tick finds it.)
    if (db.driver === "pglite")
      await ctx.services.generateWorker.recoverStale({
        staleAfterSeconds: 0,
        silentSince: beforeWorkers,
      });
    // Styles without pictures (a fresh catalogue) take the previews drawn at build time for
    // their exact inputs (stored before the first request: the first page is complete), and the
    // rest are drawn in the background, once: not again by every process that starts while they
    // are being drawn (a cluster starting together, or a restart before the backlog was done: its
    // jobs are still in the queue). A process that waited here finds them all there.
    const builtPreviews = createBuiltPreviews({
      source: builtPreviewsSource,
      storage,
      previews: ctx.services.styles,
      log,
    });
    await oneAtATime(db, "queue", async () => {
      if ((await queue.unfinished(STYLE_PREVIEWS_JOB)) > 0) return;
      const missing = await builtPreviews.fill(await ctx.services.stylesRepo.withoutPreviews());
      await queue.sendMany(
        STYLE_PREVIEWS_JOB,
        missing.map((s, i) => ({
          data: { styleId: s.id },
          singletonKey: s.id,
          priority: missing.length - i,
        })),
      );
    });

    // The embedded database's folder is this process's alone: `npm run backup` asks it for a copy
    // over a socket in DATA_DIR (ADR 031). PostgreSQL is backed up with pg_dump instead.
    const dumpDataDir = db.dumpDataDir?.bind(db);
    if (dumpDataDir)
      backups = await serveBackups({
        socketPath: backupSocketPath(env.DATA_DIR),
        dump: dumpDataDir,
        log,
      });

    const dist = webDistDir(env);
    if (!dist) log.warn("web app not built: only the API is served (run npm run build)");
    const app = createApp(ctx, { webDistDir: dist });

    const inFlight = new Set<Promise<unknown>>();
    const listening = new Promise<number>((resolve, reject) => {
      server = serve(
        {
          fetch: (req, bindings) => {
            const p = Promise.resolve(app.fetch(req, bindings));
            inFlight.add(p);
            void p.finally(() => inFlight.delete(p));
            return p;
          },
          port: env.PORT,
          hostname: env.HOST,
        },
        (info) => resolve(info.port),
      );
      server.once("error", reject);
      keepConnectionsOpen(server);
    });
    const port = await listening;
    log.info({ port, url: env.PUBLIC_URL, db: db.driver, role: env.ROLE }, "Rupa is listening");

    let stopping: Promise<void> | undefined;
    /**
     * SIGTERM: readiness turns 503 and event streams tell their clients to reconnect (drain), the
     * listener closes, requests in flight finish and the queue stops taking jobs and finishes the
     * running ones, all within SHUTDOWN_TIMEOUT_MS; then connections still open are cut, jobs
     * still running are released, and the database closes.
     */
    const shutdown = (reason: string) => {
      stopping ??= (async () => {
        log.info({ reason, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "shutting down");
        ctx.drain.begin();
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((r) => {
          timer = setTimeout(r, env.SHUTDOWN_TIMEOUT_MS);
        });
        const http = (async () => {
          const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
          const http1 = server && "closeIdleConnections" in server ? server : undefined;
          // A keep-alive connection would stay open until its idle timeout: close each one as
          // soon as its last response is sent.
          const idle = setInterval(() => http1?.closeIdleConnections(), 100);
          http1?.closeIdleConnections();
          await Promise.race([Promise.all([Promise.allSettled([...inFlight]), closed]), deadline]);
          clearInterval(idle);
          http1?.closeAllConnections();
        })();
        const jobs = queue
          .stop({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS })
          .catch((err: unknown) => log.error({ err }, "queue stop failed"));
        await Promise.all([http, jobs]);
        clearTimeout(timer);
        // Stops its flush timer and hands the last counts to the other processes.
        await ctx.services.apiLimiter.close();
        // After the jobs: no provider call is left to use the guard's connections.
        await ctx.services.providers.close();
        await changes?.close();
        await backups?.close();
        await db.close().catch((err: unknown) => log.error({ err }, "database close failed"));
        log.info("stopped");
      })();
      return stopping;
    };
    return { ctx, port, shutdown };
  } catch (e) {
    // Nothing started may keep the process alive: the caller exits non-zero at once.
    server?.close();
    await queueStarted?.stop().catch(() => undefined);
    await apiLimiter?.close();
    await changes?.close().catch(() => undefined);
    await backups?.close();
    await db.close().catch(() => undefined);
    throw e;
  }
}
