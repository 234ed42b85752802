// `npm run backup [-- --out <folder>]` and `npm run restore -- <folder> [--force]` (ADR 031). An
// entry of its own (dist/backup-cli.js), apart from cli.ts: it loads the database drivers only,
// not the whole app, so it starts in a fraction of the time.
import path from "node:path";
import { loadEnv } from "../env";
import { runCli } from "../lib/run-cli";
import { defaultBackupDir, takeBackup } from "./backup";
import { restoreBackup } from "./restore";

const USAGE = [
  "Usage:",
  "  npm run backup [-- --out <folder>]      copy the database and the files (the server may run)",
  "  npm run restore -- <folder> [--force]   put a backup into DATA_DIR (and DATABASE_URL)",
].join("\n");

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (command === "backup" && (args.length === 0 || (args[0] === "--out" && args.length === 2))) {
    const out = path.resolve(args[1] ?? defaultBackupDir());
    const started = Date.now();
    await takeBackup(loadEnv(), out, say);
    say(`Backup written to ${out} in ${Date.now() - started} ms.`);
    return 0;
  }
  const folders = args.filter((a) => a !== "--force");
  if (command === "restore" && folders.length === 1 && args.length - folders.length <= 1) {
    const env = loadEnv();
    await restoreBackup(env, folders[0]!, { force: args.includes("--force") }, say);
    say(`Restored into ${env.DATA_DIR}${env.DATABASE_URL ? " and DATABASE_URL's database" : ""}.`);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

runCli(main);
