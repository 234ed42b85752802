// How the server's code is bundled, in one place: esbuild, ESM for Node 20, the server's npm
// packages external (loaded from node_modules), `require` available. The build (build.mjs), the
// benches' bundles (bench/pipeline/lib.mjs) and the kill -9 chaos test's server (test/chaos.ts)
// use it. Relative paths are relative to apps/server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { WORKER_ENTRIES } from "./worker-entries.mjs";

const serverDir = fileURLToPath(new URL(".", import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, "package.json"), "utf8"));

/** Bundles `options.entryPoints` (esbuild's build options, added to the server's). */
export async function bundle(options) {
  await build({
    absWorkingDir: serverDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith("@rupa/")),
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: "warning",
    ...options,
  });
}

/**
 * Entries that start the server, bundled into `outdir` (`<name>.js` each) with what a started
 * server finds beside its bundle: the worker threads' entries (lib/worker-thread.ts) and the
 * migrations folder.
 */
export async function bundleServer(entryPoints, outdir, options = {}) {
  await bundle({ entryPoints: { ...entryPoints, ...WORKER_ENTRIES }, outdir, ...options });
  const migrations = path.resolve(serverDir, outdir, "migrations");
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(path.join(serverDir, "src/db/migrations"), migrations, { recursive: true });
}
