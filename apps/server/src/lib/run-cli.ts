/**
 * The tail every command-line entry (cli.ts, backup/backup-cli.ts) shares: run `main` with the
 * arguments after the script, exit with its code, or print the error's message (an invalid
 * configuration's list of problems included) and exit 1. Imports nothing, so a light entry stays
 * light.
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
