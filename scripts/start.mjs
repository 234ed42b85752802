// `npm start`: install what is missing, build what is stale, then run the server, which migrates
// and seeds the database at start and serves the app on http://localhost:$PORT (3000).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuilt, ensureInstalled, root, serverEnv } from "./lib.mjs";

ensureInstalled();
ensureBuilt();

const child = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "apps/server/dist/index.js")],
  {
    cwd: root,
    stdio: "inherit",
    env: serverEnv(),
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
