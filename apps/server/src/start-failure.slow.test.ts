import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";

// Issue 10 item 5: a start that fails (here: the port is taken) must end the process with a
// non-zero code within seconds, not leave it alive on the started queue's timers.
const serverDir = fileURLToPath(new URL("..", import.meta.url));
let blocker: net.Server;
let port: number;
let dataDir: string;
beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
  port = (blocker.address() as net.AddressInfo).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-start-fail-"));
});
afterAll(async () => {
  await new Promise((r) => blocker.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("exits non-zero within seconds when the port is taken", { timeout: 90_000 }, async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
  });
  let out = "";
  let fatalAt = 0;
  const onData = (b: Buffer) => {
    out += b.toString();
    if (!fatalAt && out.includes('"level":"fatal"')) fatalAt = Date.now();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: Date.now() })),
  );
  // Starting (tsx, the embedded database, migrations) takes a while on a busy machine; what
  // matters is the time from the fatal line to the exit.
  const hung = new Promise<"hung">((r) => setTimeout(() => r("hung"), 75_000));
  const ended = await Promise.race([exit, hung]);
  if (ended === "hung") child.kill("SIGKILL");
  expect(ended, out.slice(-2000)).not.toBe("hung");
  const { code, at } = ended as { code: number | null; at: number };
  expect(out).toContain("EADDRINUSE");
  expect(fatalAt).toBeGreaterThan(0);
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(at - fatalAt).toBeLessThan(10_000);
});
