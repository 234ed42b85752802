// Bundles the server (and @rupa/shared) into dist/index.js; npm packages stay external.
import { spawnSync } from "node:child_process";
import { bundleServer } from "./bundle.mjs";

// SERVER_DIST_DIR (relative to apps/server) builds elsewhere, e.g. for a second checkout's journeys.
const outdir = process.env.SERVER_DIST_DIR ?? "dist";
// The worker threads' entries and the migrations go beside index.js (bundle.mjs).
await bundleServer(
  {
    index: "src/index.ts",
    cli: "src/cli.ts",
    "backup-cli": "src/backup/backup-cli.ts",
    "build-previews": "src/build-previews.ts",
  },
  outdir,
  { sourcemap: true },
);
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
