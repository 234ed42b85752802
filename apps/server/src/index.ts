import { EnvError, loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { startServer } from "./server";

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      process.stderr.write(`${e.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(env.LOG_LEVEL);
  let running;
  try {
    running = await startServer(env, log);
  } catch (err) {
    log.fatal({ err }, err instanceof Error ? err.message : "start failed");
    // Exit now, whatever timers a half-started part left behind, so a supervisor restarts us.
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void running.shutdown(signal).then(() => process.exit(0));
    });
  }
}

void main();
