import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedDatabase } from "../src/db/seed";
import { openDatabase } from "../src/infra/db/client";
import { runMigrations } from "../src/infra/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data folder (tarball) each test database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the PGlite project: migrate and seed one database, dump its data folder, and
 * let every test file start from that copy instead of running the migrations again (a fresh
 * cluster plus migrations costs 2-3 s per file; loading the copy a fraction of that).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const handle = await openDatabase({ pgliteDir: "memory://" });
  let file: string;
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db);
    const image = await handle.dumpDataDir!();
    file = path.join(os.tmpdir(), `rupa-pglite-template-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(file, { force: true });
}
