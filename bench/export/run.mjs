// Data export bench (prints figures, not pass/fail). From the repository root:
//
//   npm run bench:export          (tsx bench/export/run.mjs)
//
// Seeds a member with BENCH_RESULTS (200) avatar results on a fresh embedded database (PGlite in a
// temporary folder) and the local store: each result a 1024x1024 JPEG of about 250 KB (noise, so
// it does not shrink), with its job, its spend, and a source photo still kept. Then runs the
// export job's work once (the account-export service's `build`, as the queue calls it: the rows
// read, the ZIP streamed from storage into storage) and prints the time it took, the ZIP's size
// and the peak growth of the process's resident memory (RSS sampled every 20 ms, from just
// before the job to its end, after a garbage collection). BENCH_DATABASE_URL=postgres://… runs it
// on PostgreSQL instead (a database of its own, created and dropped).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { seedDatabase } from "../../apps/server/src/db/seed/index.ts";
import { accountExports, users } from "../../apps/server/src/db/schema.ts";
import { openDatabase } from "../../apps/server/src/infra/db/client.ts";
import { runMigrations } from "../../apps/server/src/infra/db/migrate.ts";
import { createLocalStorage } from "../../apps/server/src/infra/storage/local-storage.ts";
import { systemClock } from "../../apps/server/src/lib/clock.ts";
import { createAccountExportRepository } from "../../apps/server/src/modules/account-export/account-export.repository.ts";
import { createAccountExportService } from "../../apps/server/src/modules/account-export/account-export.service.ts";
import { seedExportData } from "../../apps/server/test/export-seed.ts";
import { eq } from "drizzle-orm";

const RESULTS = Number(process.env.BENCH_RESULTS ?? 200);
const log = (...a) => console.log(...a);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (typeof global.gc === "function" ? global.gc() : undefined);

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-export-"));
log(
  `Rupa data export bench — node ${process.version}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
log(`work folder ${workDir}\n`);

let handle;
let dropPg = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  const name = `rupa_bench_export_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
  dropPg = async () => {
    const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  handle = await openDatabase({ pgliteDir: path.join(workDir, "db") });
}
await runMigrations(handle);
await seedDatabase(handle.db);
const db = handle.db;
const storage = createLocalStorage(path.join(workDir, "storage"));

// Pictures as a renderer leaves them: large JPEGs that do not compress further.
const noise = (w, h, seed) => {
  const raw = Buffer.alloc(w * h * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (x >> 16) & 0xff;
  }
  return raw;
};
const image = await sharp(noise(1024, 1024, 7), { raw: { width: 1024, height: 1024, channels: 3 } })
  .blur(1.2)
  .jpeg({ quality: 82 })
  .toBuffer();
const photo = await sharp(noise(1200, 1200, 3), { raw: { width: 1200, height: 1200, channels: 3 } })
  .blur(1.2)
  .jpeg({ quality: 85 })
  .toBuffer();

const userId = `bench_${Date.now().toString(36)}`;
await db.insert(users).values({ id: userId, email: `${userId}@example.com`, fullName: "Bench" });
const seedStart = Date.now();
await seedExportData(db, storage, userId, { results: RESULTS, image, photo });
log(
  `seeded ${RESULTS} results (${mb(image.length)} each, ${mb(image.length * RESULTS)} of pictures) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
);

const service = createAccountExportService({
  db,
  repo: createAccountExportRepository(db),
  storage,
  queue: { send: () => Promise.resolve(null) },
  send: () => Promise.resolve(),
  publicUrl: "http://localhost",
  log: { info: () => {}, error: (o, m) => console.error(m, o) },
  clock: systemClock,
});
const made = await service.request(userId);

gc();
await new Promise((r) => setTimeout(r, 200));
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
await service.build(made.id);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

const [row] = await db.select().from(accountExports).where(eq(accountExports.id, made.id));
log(`\nexport ${row.status}: ${mb(row.sizeBytes ?? 0)} ZIP, ${RESULTS + 1} pictures`);
log(`time                 ${seconds.toFixed(2)} s   (target < 60 s)`);
log(`RSS before           ${mb(before)}`);
log(`RSS peak             ${mb(peak)}`);
log(`peak RSS growth      ${mb(peak - before)}   (target < 150 MB)`);

await handle.close();
await dropPg();
fs.rmSync(workDir, { recursive: true, force: true });
