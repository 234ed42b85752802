// The server Playwright drives: the real built app on a fresh embedded database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, serverEnv } from "./lib.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
const serverDist = path.join(root, "apps/server", process.env.SERVER_DIST_DIR ?? "dist");
const child = spawn(process.execPath, [path.join(serverDist, "index.js")], {
  cwd: root,
  stdio: "inherit",
  env: serverEnv({
    NODE_ENV: "test",
    PORT: port,
    HOST: "127.0.0.1",
    // No PUBLIC_URL: the embedded default, where every link is built on the origin the request
    // came on (ADR 035). Its fallback, http://localhost:PORT, is not the journeys' 127.0.0.1, so a
    // link built on the fallback instead would leave the journey's session behind.
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    // A known admin for the admin journeys, and room for every journey to sign in from 127.0.0.1.
    // The likeness journey points an OpenAI configuration at a local fake of OpenAI's Images API
    // through admin › AI settings (apps/web/e2e/likeness.spec.ts); this is that fake's key.
    OPENAI_API_KEY: "sk-e2e-openai-fake",
    ADMIN_EMAIL: "admin@rupa.test",
    ADMIN_PASSWORD: "admin-password-123",
    INITIAL_SETTINGS: JSON.stringify({
      rate_limit_auth_per_15min: "500",
      rate_limit_generation_per_hour: "500",
      rate_limit_feedback_per_hour: "100",
      guest_ip_daily_cap: "100",
      signup_ip_daily_cap: "500",
      // Every journey's browser is 127.0.0.1: the API limit stays on, out of their reach.
      rate_limit_api_per_hour: "100000",
    }),
  }),
});
const stop = (signal) => child.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
