// Child process of the kill -9 chaos run (test/chaos.ts): the real server (startServer, as
// `npm start` runs it) over PGlite in a data folder or a PostgreSQL database, with Replicate
// pointed at a local fake. It may be killed with SIGKILL at any moment. IPC: "ready", and
// { cmd: "sql" } for the final checks (the data folder has one owner at a time).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAppContext } from "../src/bootstrap";
import { users } from "../src/db/schema";
import { loadEnv } from "../src/env";
import { openDatabase } from "../src/infra/db/client";
import { runMigrations } from "../src/infra/db/migrate";
import { seedDatabase } from "../src/db/seed";
import { createQueue } from "../src/infra/queue/queue";
import { createLocalStorage } from "../src/infra/storage/local-storage";
import { createLogger } from "../src/lib/logger";
import { startServer } from "../src/server";
import { activateReplicate } from "./fake-replicate";

export interface ChaosServerConfig {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  replicateEndpoint: string;
  timeoutSeconds: number;
  /** First start: a member with this many credits and Replicate as the active provider. */
  prepareCredits?: number;
}

const cfg = JSON.parse(process.argv[2]!) as ChaosServerConfig;
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

async function prepare(credits: number) {
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, "db"),
  });
  try {
    await runMigrations(db);
    await seedDatabase(db.db, env.INITIAL_SETTINGS);
    const log = createLogger("fatal");
    const ctx = createAppContext({
      env,
      log,
      db,
      storage: createLocalStorage(path.join(env.DATA_DIR, "storage")),
      queue: createQueue(db, "api", log),
      version: "chaos",
    });
    // A database made elsewhere was seeded with the defaults already: set them here too.
    for (const [key, value] of Object.entries(env.INITIAL_SETTINGS))
      await ctx.services.settings.set(key as never, value, null);
    await activateReplicate(db.db, cfg.replicateEndpoint, 100);
    const email = `chaos-${randomBytes(4).toString("hex")}@example.com`;
    const password = `chaos-${randomBytes(8).toString("hex")}`;
    await ctx.services.auth.signUp(
      {
        fullName: "Chaos Member",
        phone: "+6281234567890",
        email,
        password,
        language: "id",
        photoConsent: true,
      },
      { headers: new Headers(), ip: "127.0.0.1", userAgent: null },
    );
    const [u] = await db.db.select().from(users).where(eq(users.email, email));
    await db.db.update(users).set({ emailVerified: true }).where(eq(users.id, u!.id));
    await ctx.services.credits.grant(u!.id, {
      source: "purchase",
      amount: credits,
      watermarked: false,
    });
    return { email, password, userId: u!.id };
  } finally {
    await db.close();
  }
}

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
