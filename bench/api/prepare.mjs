// Child of bench/api/run.mjs (run with tsx, before the measured server starts on the same
// database): settings that let one member start 100 generations, and that member, confirmed,
// with credits. Written through the services, as bench/pipeline/server.mjs prepares its member.
import { randomBytes } from "node:crypto";
import { loadEnv } from "../../apps/server/src/env.ts";
import { createMember, prepareData } from "../../apps/server/test/seed-data.ts";

const cfg = JSON.parse(process.argv[2]);
const env = loadEnv({
  NODE_ENV: "production",
  AUTH_SECRET: randomBytes(32).toString("hex"),
  PUBLIC_URL: "http://127.0.0.1:1",
  DATA_DIR: cfg.dataDir,
  ...(cfg.databaseUrl ? { DATABASE_URL: cfg.databaseUrl } : {}),
  LOG_LEVEL: "warn",
});
const member = await prepareData(
  env,
  {
    version: "bench",
    settings: {
      rate_limit_generation_per_hour: "10000",
      // The API-wide limit (ADR 018) stays on, out of reach of wrk and the /me probe (one address).
      rate_limit_api_per_hour: "1000000",
    },
  },
  async (ctx) => {
    const { email, password } = await createMember(ctx, cfg.credits, {
      prefix: "bench-",
      keepBonus: true,
    });
    return { email, password };
  },
);
process.send({ type: "ready", member }, () => process.exit(0));
