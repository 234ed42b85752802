// `npm run admin -- grant <email>`: make an existing user an admin. With the embedded database,
// stop the server first (PGlite allows one process per data folder).
import path from "node:path";
import { ensureBuilt, ensureInstalled, root, run } from "./lib.mjs";

ensureInstalled();
ensureBuilt();
process.exit(
  run(process.execPath, [path.join(root, "apps/server/dist/cli.js"), ...process.argv.slice(2)]),
);
