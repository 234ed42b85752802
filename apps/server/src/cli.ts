import path from "node:path";
import { createAppContext } from "./bootstrap";
import { loadEnv } from "./env";
import { openDatabase } from "./infra/db/client";
import { runMigrations } from "./infra/db/migrate";
import { createQueue } from "./infra/queue/queue";
import { createStorage } from "./infra/storage/create-storage";
import { createLogger } from "./lib/logger";
import { runCli } from "./lib/run-cli";
import { VERSION } from "./version";

const USAGE = "Usage: npm run admin -- grant <email>   (make an existing user an admin)";

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== "grant" || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const env = loadEnv();
  const log = createLogger("warn");
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, "db"),
  });
  try {
    await runMigrations(db);
    const ctx = createAppContext({
      env,
      log,
      db,
      storage: createStorage(env),
      queue: createQueue(db, "api", log),
      version: VERSION,
    });
    await ctx.services.admin.users.grantAdminByEmail(email.trim().toLowerCase());
    process.stdout.write(`${email} is now an admin.\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCli(main);
