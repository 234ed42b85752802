// `npm run backup [-- --out <folder>]` and `npm run restore -- <folder> [--force]`: a consistent
// copy of the database and the local files, taken while the server runs, and putting it back
// into a new DATA_DIR (docs/production.md, Backups; ADR 031). Relative paths are taken from the
// repository's root, as `npm start` takes DATA_DIR.
import path from "node:path";
import { ensureBuilt, ensureInstalled, root, run } from "./lib.mjs";

ensureInstalled();
ensureBuilt();
process.exit(
  run(process.execPath, [
    path.join(root, "apps/server/dist/backup-cli.js"),
    ...process.argv.slice(2),
  ]),
);
