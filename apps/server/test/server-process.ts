// One process of the built server (apps/server/dist/index.js, or another build's index.js) on
// its own port: the cluster tests (cluster/cluster.ts), bench:previews and bench:burst, and the
// first-start journey (apps/web/e2e/first-start.spec.ts) start it through startProcess.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const serverEntry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ClusterProcess {
  name: string;
  role: "all" | "api" | "worker";
  base: string;
  dataDir: string;
  logFile: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts one process of the built server with `env` (plus its own port and role, and its own
 * data folder unless `env` names one) and waits until `/api/health/ready` answers 200, asking
 * every `pollMs`. Its output goes to `logDir/<name>.log`. `entry`: another build's index.js.
 */
export async function startProcess(
  name: string,
  role: "all" | "api" | "worker",
  env: Record<string, string>,
  logDir: string,
  { entry = serverEntry, pollMs = 250 }: { entry?: string; pollMs?: number } = {},
): Promise<ClusterProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `rupa-cluster-${name}-`));
  const logFile = path.join(logDir, `${name}.log`);
  const out = fs.openSync(logFile, "a");
  const proc = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      ...env,
      DATA_DIR: dataDir,
      ROLE: role,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
  const p: ClusterProcess = {
    name,
    role,
    base,
    dataDir,
    logFile,
    proc,
    exited,
    async kill(signal) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return p;
    await sleep(pollMs);
  }
  await p.kill("SIGKILL");
  throw new Error(`${name} did not become ready: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
}
