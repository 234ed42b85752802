// Bundles the server (and @rupa/shared) into dist/index.js; npm packages stay external.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { build } from "esbuild";
import { WORKER_ENTRIES } from "./worker-entries.mjs";

const pkg = JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8"));
// SERVER_DIST_DIR (relative to apps/server) builds elsewhere, e.g. for a second checkout's journeys.
const outdir = process.env.SERVER_DIST_DIR ?? "dist";
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith("@rupa/"));

await build({
  // The worker threads are entries of their own, beside index.js (worker-entries.mjs).
  entryPoints: {
    index: "src/index.ts",
    cli: "src/cli.ts",
    "backup-cli": "src/backup/backup-cli.ts",
    ...WORKER_ENTRIES,
    "build-previews": "src/build-previews.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
fs.rmSync(`${outdir}/migrations`, { recursive: true, force: true });
fs.cpSync("src/db/migrations", `${outdir}/migrations`, { recursive: true });
console.log(
  `server built: ${outdir}/index.js, ${outdir}/cli.js, ${outdir}/backup-cli.js and the worker threads' entries`,
);
// The seed catalogue's style previews, drawn with the renderer just built (issue 18): only the
// images not in ${outdir}/previews yet, so a rebuild with an unchanged renderer draws none.
const previews = spawnSync(process.execPath, [`${outdir}/build-previews.js`], { stdio: "inherit" });
if (previews.status !== 0) {
  console.error("drawing the style previews failed");
  process.exit(previews.status ?? 1);
}
