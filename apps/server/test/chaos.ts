// The kill -9 chaos run (issue 10): the real server runs in a child process (chaos-server.ts)
// against a slow local fake of Replicate; generations are started through the API, the server
// is killed with SIGKILL at random moments and started again, and at the end every generation
// must have ended exactly once: succeeded with one result and no refund, or failed with one
// refund and no result. Used by generate-avatar.chaos.int.test.ts (a few rounds) and by
// bench/chaos/run.mjs (more rounds, figures).
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServer } from "../bundle.mjs";
import { endingsQuery, endedOnce as isEndedOnce, type Ending } from "./endings";
import { startFakeReplicate } from "./fake-replicate";
import { createTestDatabase, pgliteTemplateFile, type TestDriver } from "./harness";
import { facePhoto } from "./face-photos";
import { freePort, sleep } from "./server-process";
import { redoSeedOf } from "../src/modules/generations/generation.worker";

export interface ChaosOptions {
  driver: TestDriver;
  rounds: number;
  /** Generations started per round. */
  perRound?: number;
  /** The fake prediction settles after a random time in this range (ms). */
  latencyMs?: [number, number];
  /** The kill comes at a random moment this long after the round's generations started (ms). */
  killWithinMs?: number;
  /** GENERATION_TIMEOUT_SECONDS of the server (its heartbeat is a fifteenth of it, ≤ 10 s). */
  timeoutSeconds?: number;
  /** How long the last, unkilled server gets to finish everything. */
  drainTimeoutMs?: number;
  /**
   * The styles the generations are of, taken in turn (default: a cartoon, never checked). A
   * style checked by Garansi Mirip (a pas foto) gets the fake's faceless picture: every one is
   * redone once and refunded, across the kills too.
   */
  styleSlugs?: string[];
  log?: (line: string) => void;
}

export interface ChaosReport {
  driver: TestDriver;
  rounds: number;
  generations: number;
  endedOnce: number;
  doubled: number;
  stuck: number;
  succeeded: number;
  failed: number;
  /** Predictions created at the provider, per generation. */
  providerCalls: { total: number; perGeneration: number; max: number };
  /** Garansi Mirip's redo predictions (their own seed), most for one generation, and refunds. */
  likeness: { checked: number; redone: number; maxRedoCalls: number; refunded: number };
  /** From the last start (after the last kill) until every generation had ended. */
  recoveryMs: number;
  /** Mean time from a kill until the restarted server listened. */
  restartMs: number;
  problems: string[];
}

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const rand = (a: number, b: number) => a + Math.random() * (b - a);

/**
 * chaos-server.ts bundled as `npm start`'s server is (bundle.mjs), into a folder of its own
 * under apps/server (the server's npm packages load from there), so each start runs compiled
 * JavaScript. Through tsx, a start took twice as long (13 s against 6.5 s until ready, 11 s
 * against 7 s of CPU, on a loaded 2-core machine), and a run starts the server rounds + 1 times.
 */
async function bundleChaosServer(): Promise<{ script: string; remove(): void }> {
  const outdir = fs.mkdtempSync(path.join(serverDir, "dist-chaos-"));
  // With the build's options, so the renderer's bundle is the build's to the byte when the
  // source is unchanged, and the build's style previews (named by the renderer's hash) serve it:
  // a started server takes them as `npm start`'s does, instead of drawing every style's in the
  // background while the run kills it. From another renderer they match nothing, and are drawn.
  await bundleServer({ "chaos-server": path.join(serverDir, "test/chaos-server.ts") }, outdir, {
    sourcemap: true,
  });
  const built = path.join(serverDir, "dist/previews");
  if (fs.existsSync(built)) fs.cpSync(built, path.join(outdir, "previews"), { recursive: true });
  return {
    script: path.join(outdir, "chaos-server.js"),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

function face(): Promise<Buffer> {
  return facePhoto(0);
}

interface Child {
  proc: ChildProcess;
  port: number;
  member: { email: string; password: string; userId: string } | null;
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  exited: Promise<void>;
}

function startChild(script: string, cfg: Record<string, unknown>): Promise<Child> {
  const proc = fork(script, [JSON.stringify(cfg)], {
    cwd: serverDir,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  let seq = 0;
  const waiting = new Map<number, (m: { rows?: unknown[]; error?: string }) => void>();
  return new Promise((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`chaos server exited (${code}) before ready`)));
    proc.on("message", (m: { type?: string; id?: number; port?: number; member?: never }) => {
      if (m.type === "ready")
        resolve({
          proc,
          port: m.port!,
          member: m.member ?? null,
          exited,
          sql<T>(text: string, values: unknown[] = []) {
            const id = ++seq;
            return new Promise<T[]>((ok, fail) => {
              waiting.set(id, (r) => (r.error ? fail(new Error(r.error)) : ok(r.rows as T[])));
              proc.send({ id, cmd: "sql", text, values });
            });
          },
        });
      else if (m.id !== undefined) waiting.get(m.id)?.(m as never);
    });
  });
}

/** The seed the job sends for a generation (no style here fixes one). */
const seedOf = (generationId: string) =>
  Number.parseInt(generationId.replace(/-/g, "").slice(0, 8), 16);

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const log = o.log ?? (() => undefined);
  const perRound = o.perRound ?? 2;
  const [lo, hi] = o.latencyMs ?? [300, 2500];
  const server = await bundleChaosServer();
  const fake = await startFakeReplicate("ok");
  fake.setLatency(() => rand(lo, hi));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-chaos-"));
  const pg = o.driver === "postgres" ? await createTestDatabase("postgres") : null;
  // The parent only created the database; the servers own it from here.
  const port = await freePort();
  const base = {
    port,
    dataDir,
    databaseUrl: pg?.url,
    replicateEndpoint: fake.endpoint,
    timeoutSeconds: o.timeoutSeconds ?? 30,
  };
  const ids: string[] = [];
  const restarts: number[] = [];
  let child: Child | undefined;
  try {
    // A PGlite server starts from the tests' migrated template where there is one: making an
    // empty data folder took 15 s of the first start on a loaded 2-core machine.
    child = await startChild(server.script, {
      ...base,
      prepareCredits: o.rounds * perRound + 5,
      pgliteImage: o.driver === "pglite" ? pgliteTemplateFile() : undefined,
    });
    const member = child.member!;
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    // Writes say where they come from, as the web app's do (the server refuses them otherwise).
    const origin = url("");
    const signIn = await fetch(url("/api/account/sign-in"), {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const form = new FormData();
    form.append(
      "photo",
      new Blob([new Uint8Array(await face())], { type: "image/jpeg" }),
      "me.jpg",
    );
    const up = await fetch(url("/api/uploads"), {
      method: "POST",
      headers: { cookie, origin },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
    const uploadId = ((await up.json()) as { upload: { id: string } }).upload.id;
    const slugs = o.styleSlugs ?? ["anime-shonen"];
    const styleRows = await child.sql<{ id: string; slug: string }>(
      "SELECT id, slug FROM styles WHERE slug = ANY($1::text[])",
      [slugs],
    );
    const styleIds = slugs.map((s) => styleRows.find((r) => r.slug === s)!.id);

    for (let round = 1; round <= o.rounds; round++) {
      const started = await Promise.all(
        Array.from({ length: perRound }, async (_, i) => {
          const res = await fetch(url("/api/generations"), {
            method: "POST",
            headers: { cookie, origin, "content-type": "application/json" },
            body: JSON.stringify({ uploadId, styleId: styleIds[i % styleIds.length] }),
          });
          if (res.status !== 202)
            throw new Error(`generation answered ${res.status}: ${await res.text()}`);
          return ((await res.json()) as { generation: { id: string } }).generation.id;
        }),
      );
      ids.push(...started);
      await sleep(rand(0, o.killWithinMs ?? 3000));
      child.proc.kill("SIGKILL");
      await child.exited;
      const killedAt = Date.now();
      child = await startChild(server.script, base);
      restarts.push(Date.now() - killedAt);
      log(`round ${round}/${o.rounds}: killed, restarted in ${Date.now() - killedAt} ms`);
    }

    // The last server is not killed: everything must end.
    const drainStart = Date.now();
    const deadline = drainStart + (o.drainTimeoutMs ?? 90_000);
    let open = ids.length;
    while (Date.now() < deadline) {
      const [row] = await child.sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM generation_jobs WHERE status IN ('queued', 'processing')",
      );
      open = Number(row?.n ?? 0);
      if (open === 0) break;
      await sleep(250);
    }
    const recoveryMs = Date.now() - drainStart;
    // Leave late duplicates (a second run that should not happen) time to show.
    await sleep(1500);
    const rows = await child.sql<Ending>(endingsQuery("g.user_id = $1"), [member.userId]);
    const problems: string[] = [];
    let endedOnce = 0;
    let doubled = 0;
    let stuck = 0;
    for (const r of rows) {
      const ok = isEndedOnce(r);
      if (ok) endedOnce += 1;
      else if (r.status === "queued" || r.status === "processing") stuck += 1;
      else doubled += 1;
      if (!ok)
        problems.push(
          `${r.id}: ${r.status}, ${r.results} result(s), ${r.refunds} refund(s), ${r.attempts} attempt(s)`,
        );
    }
    const calls = new Map<number, number>();
    for (const p of fake.predictions.values()) {
      const seed = (p.input as { seed?: number } | undefined)?.seed ?? -1;
      calls.set(seed, (calls.get(seed) ?? 0) + 1);
    }
    const perGen = ids.map((id) => calls.get(seedOf(id)) ?? 0);
    const redoCalls = ids.map((id) => calls.get(redoSeedOf(seedOf(id))) ?? 0);
    const total = perGen.reduce((a, b) => a + b, 0) + redoCalls.reduce((a, b) => a + b, 0);
    await new Promise<void>((resolve) => {
      child!.proc.send({ id: -1, cmd: "shutdown" });
      const t = setTimeout(() => {
        child!.proc.kill("SIGKILL");
        resolve();
      }, 15_000);
      void child!.exited.then(() => {
        clearTimeout(t);
        resolve();
      });
    });
    child = undefined;
    return {
      driver: o.driver,
      rounds: o.rounds,
      generations: ids.length,
      endedOnce,
      doubled,
      stuck,
      succeeded: rows.filter((r) => r.status === "succeeded").length,
      failed: rows.filter((r) => r.status === "failed").length,
      providerCalls: {
        total,
        perGeneration: ids.length ? Math.round((total / ids.length) * 100) / 100 : 0,
        max: Math.max(0, ...perGen),
      },
      likeness: {
        checked: rows.filter((r) => r.verdict !== null && r.verdict !== "not_checked").length,
        redone: redoCalls.filter((n) => n > 0).length,
        maxRedoCalls: Math.max(0, ...redoCalls),
        refunded: rows.filter((r) => r.likeness_refunds > 0).length,
      },
      recoveryMs,
      restartMs: restarts.length
        ? Math.round(restarts.reduce((a, b) => a + b, 0) / restarts.length)
        : 0,
      problems,
    };
  } finally {
    if (child) {
      child.proc.kill("SIGKILL");
      await child.exited;
    }
    await fake.close();
    server.remove();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
