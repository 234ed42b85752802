// kill -9 chaos bench (issue 10): the real server in a child process, a slow local fake of
// Replicate, generations started through the API, SIGKILL at random moments and a restart,
// on PGlite and on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
// Prints, per database: rounds, generations ended once / doubled / stuck, provider calls per
// generation, and the recovery time after the last kill.
//   npx tsx bench/chaos/run.mjs [rounds=20] [pglite,postgres]
// With the default GENERATION_TIMEOUT_SECONDS (150 s) a run heartbeats every 10 s and is taken
// for dead after 30 s of silence: that is what the PostgreSQL recovery figure shows.
import { runChaos } from "../../apps/server/test/chaos.ts";

const rounds = Number(process.argv[2] ?? 20);
const drivers = (process.argv[3] ?? "pglite,postgres").split(",");
const rows = [];
for (const driver of drivers) {
  const started = Date.now();
  const r = await runChaos({
    driver,
    rounds,
    perRound: 2,
    latencyMs: [500, 4000],
    killWithinMs: 4000,
    timeoutSeconds: 150,
    drainTimeoutMs: 240_000,
    log: (line) => process.stdout.write(`  [${driver}] ${line}\n`),
  });
  rows.push(r);
  console.log(`\n${driver}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const p of r.problems) console.log(`  problem: ${p}`);
}

console.log("\nkill -9 chaos: every generation must end exactly once");
console.log(
  "database  rounds  generations  ended once  doubled  stuck  succeeded  failed  provider calls/gen (max)  restart ms  recovery after last kill",
);
for (const r of rows)
  console.log(
    [
      r.driver.padEnd(8),
      String(r.rounds).padStart(6),
      String(r.generations).padStart(11),
      String(r.endedOnce).padStart(10),
      String(r.doubled).padStart(7),
      String(r.stuck).padStart(5),
      String(r.succeeded).padStart(9),
      String(r.failed).padStart(6),
      `${r.providerCalls.perGeneration} (${r.providerCalls.max})`.padStart(24),
      String(r.restartMs).padStart(10),
      `${(r.recoveryMs / 1000).toFixed(1)} s`.padStart(24),
    ].join("  "),
  );
process.exit(rows.some((r) => r.doubled || r.stuck) ? 1 : 0);
