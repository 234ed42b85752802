// `npm run dev`: the API server with reload (tsx watch, port 3000) and Vite's dev server (5173),
// which proxies /api to it. Ctrl+C stops both.
import { spawn } from "node:child_process";
import { ensureInstalled, root } from "./lib.mjs";

ensureInstalled();
const children = [
  spawn("npx", ["tsx", "watch", "apps/server/src/index.ts"], { cwd: root, stdio: "inherit" }),
  spawn("npx", ["vite"], { cwd: `${root}/apps/web`, stdio: "inherit" }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const c of children)
  c.on("exit", (code) => {
    stop("SIGTERM");
    process.exit(code ?? 0);
  });
