import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAppContext } from "../src/bootstrap";
import type { AppContext } from "../src/context";
import { creditLots, users } from "../src/db/schema";
import { seedDatabase } from "../src/db/seed";
import type { Env } from "../src/env";
import { openDatabase } from "../src/infra/db/client";
import { runMigrations } from "../src/infra/db/migrate";
import { createQueue } from "../src/infra/queue/queue";
import { createLocalStorage } from "../src/infra/storage/local-storage";
import { createLogger } from "../src/lib/logger";

// What a test or a bench writes through the services before it starts: a member, and a whole
// data folder made ready for a server that starts on it in a process of its own. Nothing here
// needs Vitest, so the benches (run with tsx) use it too.

let seq = 0;

/**
 * A member signed up through the auth service on `ctx` (from a private address of its own, so
 * sign-up limits never meet), e-mail confirmed, with the password "rahasia123" unless another is
 * given. Their credits are exactly `credits` bought ones (watermarked when asked) unless
 * `keepBonus` keeps the sign-up bonus too.
 */
export async function createMember(
  ctx: AppContext,
  credits: number,
  o: { watermarked?: boolean; keepBonus?: boolean; prefix?: string; password?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const db = ctx.db.db;
  const email = `${o.prefix ?? "m"}${randomBytes(6).toString("hex")}@example.com`;
  const password = o.password ?? "rahasia123";
  seq += 1;
  await ctx.services.auth.signUp(
    {
      fullName: "Member",
      phone: "+6281234567890",
      email,
      password,
      language: "id",
      photoConsent: true,
    },
    {
      headers: new Headers(),
      ip: `10.${200 + (seq % 50)}.${(seq >> 8) % 250}.${(seq % 250) + 1}`,
      userAgent: null,
    },
  );
  const [u] = await db.select().from(users).where(eq(users.email, email));
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, u!.id));
  if (!o.keepBonus) await db.delete(creditLots).where(eq(creditLots.userId, u!.id));
  if (credits > 0)
    await ctx.services.credits.grant(u!.id, {
      source: "purchase",
      amount: credits,
      watermarked: o.watermarked ?? false,
    });
  return { id: u!.id, email, password };
}

/**
 * `env`'s database (DATABASE_URL, or PGlite in DATA_DIR) made ready through the services for a
 * server that starts on it afterwards (the benches, the chaos server): migrated, seeded, each
 * of `settings` set, then whatever `write` does with the app's context. The database is closed
 * again before this resolves.
 */
export async function prepareData<T>(
  env: Env,
  o: {
    version: string;
    settings?: Record<string, string>;
    logLevel?: string;
    /** PGlite only: a data folder (tarball) to start from, e.g. the tests' migrated template. */
    pgliteImage?: string;
  },
  write: (ctx: AppContext) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, "db"),
    ...(o.pgliteImage ? { pgliteImage: new Blob([fs.readFileSync(o.pgliteImage)]) } : {}),
  });
  try {
    await runMigrations(db);
    await seedDatabase(db.db);
    const log = createLogger(o.logLevel ?? "warn");
    const ctx = createAppContext({
      env,
      log,
      db,
      storage: createLocalStorage(path.join(env.DATA_DIR, "storage")),
      queue: createQueue(db, "api", log),
      version: o.version,
    });
    for (const [key, value] of Object.entries(o.settings ?? {}))
      await ctx.services.settings.set(key as never, value, null);
    return await write(ctx);
  } finally {
    await db.close();
  }
}
