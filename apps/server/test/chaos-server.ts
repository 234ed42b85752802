// Child process of the kill -9 chaos run (test/chaos.ts): the real server (startServer, as
// `npm start` runs it) over PGlite in a data folder or a PostgreSQL database, with Replicate
// pointed at a local fake. It may be killed with SIGKILL at any moment. IPC: "ready", and
// { cmd: "sql" } for the final checks (the data folder has one owner at a time).
import { loadEnv } from "../src/env";
import { createLogger } from "../src/lib/logger";
import { startServer } from "../src/server";
import { activateReplicate } from "./fake-replicate";
import { createMember, prepareData } from "./seed-data";

export interface ChaosServerConfig {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  replicateEndpoint: string;
  timeoutSeconds: number;
  /** First start: a member with this many credits and Replicate as the active provider. */
  prepareCredits?: number;
  /** First start on PGlite: the data folder (tarball) to start from instead of an empty one. */
  pgliteImage?: string;
}

const cfg = JSON.parse(process.argv[2]!) as ChaosServerConfig;
// The run that started this server is gone (a test that timed out is abandoned, and its finally
// never kills us): end with it, instead of serving and drawing on until the machine stops.
process.on("disconnect", () => process.exit(1));
const env = loadEnv({
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  PORT: String(cfg.port),
  PUBLIC_URL: `http://127.0.0.1:${cfg.port}`,
  DATA_DIR: cfg.dataDir,
  LOG_LEVEL: "fatal",
  REPLICATE_API_TOKEN: "test-token-123",
  GENERATION_TIMEOUT_SECONDS: String(cfg.timeoutSeconds),
  GENERATION_RETRY_BASE_SECONDS: "1",
  INITIAL_SETTINGS: JSON.stringify({
    rate_limit_generation_per_hour: "10000",
    rate_limit_auth_per_15min: "1000",
    rate_limit_api_per_hour: "1000000",
  }),
  ...(cfg.databaseUrl ? { DATABASE_URL: cfg.databaseUrl } : {}),
});

/** The member the chaos run generates as, with Replicate as the active provider. */
const prepare = (credits: number) =>
  prepareData(
    env,
    {
      version: "chaos",
      settings: env.INITIAL_SETTINGS,
      logLevel: "fatal",
      pgliteImage: cfg.pgliteImage,
    },
    async (ctx) => {
      await activateReplicate(ctx.db.db, cfg.replicateEndpoint, 100);
      const { id, email, password } = await createMember(ctx, credits, {
        prefix: "chaos-",
        keepBonus: true,
      });
      return { email, password, userId: id };
    },
  );

const member = cfg.prepareCredits ? await prepare(cfg.prepareCredits) : null;
const running = await startServer(env, createLogger(env.LOG_LEVEL));
process.on("message", (m: { id: number; cmd: string; text?: string; values?: unknown[] }) => {
  void (async () => {
    if (m.cmd === "sql") {
      try {
        const r = await running.ctx.db.executeSql(m.text!, m.values ?? []);
        process.send!({ id: m.id, rows: r.rows });
      } catch (e) {
        process.send!({ id: m.id, error: String(e) });
      }
    }
    if (m.cmd === "shutdown") {
      await running.shutdown("chaos run finished");
      process.send!({ id: m.id }, () => process.exit(0));
    }
  })();
});
process.send!({ type: "ready", port: running.port, member });
