// Child of bench/api/run.mjs (run with tsx, before the measured server starts on the same
// database): settings that let one member start 100 generations, and that member, confirmed,
// with credits. Written through the services, as bench/pipeline/server.mjs prepares its member.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAppContext } from "../../apps/server/src/bootstrap.ts";
import { users } from "../../apps/server/src/db/schema.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { openDatabase } from "../../apps/server/src/infra/db/client.ts";
import { runMigrations } from "../../apps/server/src/infra/db/migrate.ts";
import { seedDatabase } from "../../apps/server/src/db/seed/index.ts";
import { createQueue } from "../../apps/server/src/infra/queue/queue.ts";
import { createLocalStorage } from "../../apps/server/src/infra/storage/local-storage.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";

const cfg = JSON.parse(process.argv[2]);
const env = loadEnv({
  NODE_ENV: "production",
  AUTH_SECRET: randomBytes(32).toString("hex"),
  PUBLIC_URL: "http://127.0.0.1:1",
  DATA_DIR: cfg.dataDir,
  ...(cfg.databaseUrl ? { DATABASE_URL: cfg.databaseUrl } : {}),
  LOG_LEVEL: "warn",
});
const db = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, "db"),
});
let member;
try {
  await runMigrations(db);
  await seedDatabase(db.db);
  const log = createLogger("warn");
  const ctx = createAppContext({
    env,
    log,
    db,
    storage: createLocalStorage(path.join(env.DATA_DIR, "storage")),
    queue: createQueue(db, "api", log),
    version: "bench",
  });
  await ctx.services.settings.set("rate_limit_generation_per_hour", "10000", null);
  // The API-wide limit (ADR 018) stays on, out of reach of wrk and the /me probe (one address).
  await ctx.services.settings.set("rate_limit_api_per_hour", "1000000", null);
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const password = `bench-${randomBytes(8).toString("hex")}`;
  await ctx.services.auth.signUp(
    { fullName: "Bench Member", phone: "+6281234567890", email, password, language: "id" },
    { headers: new Headers(), ip: "127.0.0.1", userAgent: null },
  );
  const [u] = await db.db.select().from(users).where(eq(users.email, email));
  await db.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.id));
  await ctx.services.credits.grant(u.id, {
    source: "purchase",
    amount: cfg.credits,
    watermarked: false,
  });
  member = { email, password };
} finally {
  await db.close();
}
process.send({ type: "ready", member }, () => process.exit(0));
