import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { inject } from "vitest";
import type { DestinationStream } from "pino";
import { createApp } from "../src/app";
import { createAppContext, registerJobs } from "../src/bootstrap";
import type { AppContext } from "../src/context";
import { anonymous, type Actor } from "../src/lib/actor";
import { loadEnv } from "../src/env";
import { openDatabase, type DatabaseHandle } from "../src/infra/db/client";
import { runMigrations } from "../src/infra/db/migrate";
import { seedDatabase } from "../src/db/seed";
import { users } from "../src/db/schema";
import { createQueue } from "../src/infra/queue/queue";
import { createLocalStorage } from "../src/infra/storage/local-storage";
import { createS3Storage } from "../src/infra/storage/s3-storage";
import type { Storage } from "../src/infra/storage/storage";
import { createLogger } from "../src/lib/logger";
import { createTestClient, type TestClient } from "./client";
import { forFile, standIn } from "./for-file";
import { startS3Server, type TestS3Server } from "./s3-server";

export { CookieJar, type CallInput, type RawRequest, type Reply, type TestClient } from "./client";

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export type TestDriver = "pglite" | "postgres";
export const testDriver = (): TestDriver =>
  process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

/**
 * What the project's global setup provided, or undefined when it did not run, or outside a
 * Vitest run (the benches use these helpers too, and Vitest's `inject` throws there).
 */
function provided<K extends "pgliteTemplate" | "postgresTemplate">(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The migrated and seeded PGlite data folder (tarball) the pglite project's global setup made. */
export const pgliteTemplateFile = (): string | undefined => provided("pgliteTemplate");

let templateImage: Blob | undefined;
/** The migrated and seeded PGlite copy the pglite project's global setup made, if it ran. */
function pgliteTemplate(): Blob | undefined {
  if (templateImage) return templateImage;
  const file = pgliteTemplateFile();
  if (!file) return undefined;
  templateImage = new Blob([fs.readFileSync(file)]);
  return templateImage;
}

/** A fresh, migrated and seeded database of the requested kind. PostgreSQL gets its own database. */
export async function createTestDatabase(driver: TestDriver = testDriver()): Promise<{
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  if (driver === "pglite") {
    const image = pgliteTemplate();
    if (image) {
      const handle = await openDatabase({ pgliteDir: "memory://", pgliteImage: image });
      return { handle, drop: () => handle.close() };
    }
    const handle = await openDatabase({ pgliteDir: "memory://" });
    await runMigrations(handle);
    await seedDatabase(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `rupa_t_${randomBytes(6).toString("hex")}`;
  // The migrated and seeded copy the postgres project's global setup made, if it ran.
  const template = provided("postgresTemplate");
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 20 });
  if (!template) {
    await runMigrations(handle);
    await seedDatabase(handle.db);
  }
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** The typed client of this server's API (test/client.ts): how the tests call it. */
  client: TestClient;
  /** Pin who the next requests are made as; `null` returns to the real session cookie. */
  actAs(actor: Partial<Actor> | null): void;
  /**
   * A confirmed account written straight into the database (no sign-up, no bonus): its id.
   * Unless given, the address is `<id>@example.com` and the name "Dewi Lestari".
   */
  insertUser(over?: Partial<typeof users.$inferInsert>): Promise<string>;
  /** Every object in the store, as "bucket/key", on the local folder or the S3 server alike. */
  storedObjects(): Promise<string[]>;
  close(): Promise<void>;
}

/** Every file under `dir`, as paths relative to it with "/" between parts. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join("/"));
}

/** The real app over a fresh database, a temporary storage folder and a started queue. */
export async function createTestServer(
  opts: {
    webDistDir?: string;
    env?: Record<string, string>;
    startQueue?: boolean;
    /** Where log lines go (tests that read the log pass a stream). */
    logStream?: DestinationStream;
    /** Another object store than a local folder in the test's data directory. */
    storage?: Storage;
    /** Store objects on a real S3 server (s3rver) the test server starts and stops. */
    s3?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-test-"));
  const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...opts.env });
  const log = createLogger(opts.logStream ? "debug" : env.LOG_LEVEL, opts.logStream);
  const database = await createTestDatabase();
  const queue = createQueue(database.handle, env.ROLE, log, 1);
  const s3: TestS3Server | undefined = opts.s3 ? await startS3Server() : undefined;
  const localDir = path.join(dataDir, "storage");
  let actor: Actor | null = null;
  const ctx: AppContext = createAppContext({
    env,
    log,
    db: database.handle,
    storage:
      opts.storage ??
      (s3
        ? createS3Storage({
            ...s3.options,
            tempDir: path.join(dataDir, "s3-blobs"),
            blobLifetimeMs: 60_000,
          })
        : createLocalStorage(localDir)),
    queue,
    version: "test",
  });
  // Tests may pin the actor; otherwise the real session cookie decides.
  const realResolve = ctx.resolveActor;
  ctx.resolveActor = (c) => (actor ? Promise.resolve(actor) : realResolve(c));
  if (opts.startQueue !== false) {
    registerJobs(ctx);
    await queue.start();
  }
  const app = createApp(ctx, { webDistDir: opts.webDistDir });
  app.request = asFromOwnPage(app.request);
  return {
    ctx,
    app,
    dataDir,
    client: createTestClient(app, env.PUBLIC_URL),
    actAs(a) {
      actor = a ? { ...anonymous, ...a } : null;
    },
    async insertUser(over = {}) {
      const id = over.id ?? `u_${randomUUID()}`;
      await ctx.db.db.insert(users).values({
        email: `${id}@example.com`,
        fullName: "Dewi Lestari",
        emailVerified: true,
        ...over,
        id,
      });
      return id;
    },
    async storedObjects() {
      if (s3) return s3.objectNames();
      if (opts.storage) throw new Error("storedObjects() knows the local folder and opts.s3 only");
      return filesUnder(localDir);
    },
    async close() {
      await queue.stop();
      await s3?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test server of a whole file: created before its tests, closed after them. */
export function testServerForFile(opts: Parameters<typeof createTestServer>[0] = {}): TestServer {
  return standIn(forFile(() => createTestServer(opts)));
}

/**
 * `app.request()` as Rupa's own pages call the API: a request that says nothing of where it comes
 * from (no Origin, Sec-Fetch-Site or Referer) gets the `Sec-Fetch-Site: same-origin` every
 * browser sends, since the server refuses writes with no origin signal at all (CSRF). A test that
 * sets any of the three keeps exactly what it set; `app.fetch()` sends a request untouched.
 */
function asFromOwnPage(
  request: ReturnType<typeof createApp>["request"],
): ReturnType<typeof createApp>["request"] {
  return (input, init, ...rest) => {
    if (input instanceof Request) return request(input, init, ...rest);
    const headers = new Headers(init?.headers);
    if (!headers.has("origin") && !headers.has("sec-fetch-site") && !headers.has("referer"))
      headers.set("sec-fetch-site", "same-origin");
    return request(input, { ...init, headers }, ...rest);
  };
}

/**
 * A log stream for createTestServer({ logStream }) that keeps what the server wrote: `text()` all
 * of it, `entries()` each JSON line parsed, `clear()` to start over.
 */
export function captureLog() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  const text = () => chunks.join("");
  return {
    stream,
    text,
    entries: <T = Record<string, unknown>>(): T[] =>
      text()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as T),
    clear: () => {
      chunks.length = 0;
    },
  };
}
