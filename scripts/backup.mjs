// `npm run backup [-- --out <folder>]` and `npm run restore -- <folder> [--force]`: a consistent
// copy of the database and the local files, taken while the server runs, and putting it back
// into a new DATA_DIR (docs/production.md, Backups; ADR 031). Relative paths are taken from the
// repository's root, as `npm start` takes DATA_DIR. The build runs only when dist/backup-cli.js
// is missing: a rebuild would replace dist (its migrations folder included) under a running
// server.
import { runBuiltCli } from "./lib.mjs";

runBuiltCli("backup-cli.js", { build: "if-missing" });
