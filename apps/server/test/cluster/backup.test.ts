// Issue 33, point 10: `npm run backup` copies a RUNNING server's database and files, and
// `npm run restore` puts the copy into a fresh DATA_DIR where a second server serves the data.
// For each database (embedded PGlite: the copy comes from the server over its backup socket;
// PostgreSQL: pg_dump), with the built server and its CLI as an operator runs them:
//   1. server A starts on a fresh DATA_DIR (and, on PostgreSQL, a fresh database);
//   2. a member signs up and uploads a photo; sign-ups keep arriving while the backup runs;
//   3. a restore into a folder (or database) that is not empty is refused and changes nothing;
//   4. the backup is restored into a new DATA_DIR (and an empty database), server B starts there:
//      the member's session, password and photo are all there; a member who signed up after the
//      backup is not; every member who signed up during it is either whole or absent.
// Runs with the cluster tier after a build (`npx vitest run --project cluster`); SERVER_DIST_DIR
// picks another build (as for the journeys).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { facePhoto } from "../face-photos";
import { type ClusterProcess, Member, sleep, startProcess } from "./cluster";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dist = fileURLToPath(
  new URL(`../../${process.env.SERVER_DIST_DIR ?? "dist"}/`, import.meta.url),
);
const entry = path.join(dist, "index.js");
const cli = path.join(dist, "backup-cli.js");
const PASSWORD = "backup-password-123";
const SETTINGS = JSON.stringify({
  email_verification_required: "false",
  signup_ip_daily_cap: "1000",
  rate_limit_auth_per_15min: "1000",
  rate_limit_api_per_hour: "1000000",
});

/** Runs the built CLI as `npm run backup` / `npm run restore` do. */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

function databaseUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A write as the web app sends it, JSON or a form (Member adds the origin). */
function post(m: Member, base: string, p: string, body: object | FormData): Promise<Response> {
  const form = body instanceof FormData;
  return m.req(base, p, {
    method: "POST",
    headers: form ? {} : { "content-type": "application/json" },
    body: form ? body : JSON.stringify(body),
  });
}

async function signUpStatus(m: Member, base: string): Promise<number> {
  const res = await post(m, base, "/api/account/sign-up", {
    fullName: "Backup Member",
    phone: "+6281234567890",
    email: m.email,
    password: PASSWORD,
    language: "id",
    photoConsent: true,
  });
  await res.body?.cancel();
  return res.status;
}

async function signInStatus(m: Member, base: string): Promise<number> {
  const res = await post(m, base, "/api/account/sign-in", { email: m.email, password: PASSWORD });
  await res.body?.cancel();
  return res.status;
}

async function signUp(base: string, email: string): Promise<Member> {
  const m = new Member(email);
  expect(await signUpStatus(m, base)).toBe(201);
  if (!m.cookie) expect(await signInStatus(m, base)).toBe(200);
  return m;
}

// Skipped only without a build; a build without the backup command fails.
describe.skipIf(!fs.existsSync(entry))("backup and restore of a running server", () => {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-backup-logs-"));
  const processes: ClusterProcess[] = [];
  const folders: string[] = [logDir];
  const databases: string[] = [];
  const tmp = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rupa-backup-${name}-`));
    folders.push(dir);
    return dir;
  };

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill("SIGKILL")));
    for (const name of databases)
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it.each(["pglite", "postgres"] as const)(
    "%s: a backup taken while the server runs and writes, restored into a fresh DATA_DIR, is served by a second server",
    async (driver) => {
      // PGlite without AUTH_SECRET (the embedded default: the secret is a file in DATA_DIR that the
      // backup carries); PostgreSQL as production runs it.
      const base: Record<string, string> =
        driver === "pglite"
          ? { NODE_ENV: "development", LOG_LEVEL: "warn", INITIAL_SETTINGS: SETTINGS }
          : {
              NODE_ENV: "production",
              AUTH_SECRET: "backup-test-secret-0123456789abcdef0123456789",
              LOG_LEVEL: "warn",
              INITIAL_SETTINGS: SETTINGS,
            };
      const stamp = Date.now().toString(36);
      const [dbA, dbB] = [`rupa_backup_a_${stamp}`, `rupa_backup_b_${stamp}`];
      if (driver === "postgres") {
        databases.push(dbA, dbB);
        await adminQuery(`CREATE DATABASE ${dbA}`);
        await adminQuery(`CREATE DATABASE ${dbB}`);
      }
      const envA = {
        ...base,
        DATA_DIR: tmp(`${driver}-a`),
        ...(driver === "postgres" ? { DATABASE_URL: databaseUrl(dbA) } : {}),
      };
      const envB = {
        ...base,
        DATA_DIR: tmp(`${driver}-b`),
        ...(driver === "postgres" ? { DATABASE_URL: databaseUrl(dbB) } : {}),
      };

      const a = await startProcess(`${driver}-a`, "all", envA, logDir, { entry });
      processes.push(a);
      const member = await signUp(a.base, `member-${stamp}@example.com`);
      const form = new FormData();
      form.append(
        "photo",
        new Blob([new Uint8Array(await facePhoto(0))], { type: "image/jpeg" }),
        "me.jpg",
      );
      const up = await post(member, a.base, "/api/uploads", form);
      expect(up.status, await up.clone().text()).toBe(201);
      const { upload } = (await up.json()) as { upload: { croppedUrl: string | null } };
      expect(upload.croppedUrl).toBeTruthy();
      const photo = Buffer.from(await (await member.req(a.base, upload.croppedUrl!)).arrayBuffer());
      expect(photo.length).toBeGreaterThan(1000);

      // Sign-ups keep arriving, and the member keeps reading their account, during the backup.
      let writing = true;
      const during: { email: string; status: number }[] = [];
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const email = `during-${i}-${stamp}@example.com`;
          during.push({ email, status: await signUpStatus(new Member(email), a.base) });
        }
      })();
      let slowestMs = 0;
      const reader = (async () => {
        while (writing) {
          const t = performance.now();
          const res = await member.req(a.base, "/api/account/me");
          expect(res.status).toBe(200);
          await res.body?.cancel();
          slowestMs = Math.max(slowestMs, performance.now() - t);
          await sleep(50);
        }
      })();
      while (during.length === 0) await sleep(50);
      const backupDir = path.join(tmp(`${driver}-out`), "nightly");
      const before = during.length;
      const backup = await runCli(["backup", "--out", backupDir], envA);
      writing = false;
      await Promise.all([writer, reader]);
      expect(backup.code, backup.output).toBe(0);
      console.warn(
        `${driver}: backup of a running server: ${backup.output.trim().replace(/\n/g, "; ")}; ` +
          `slowest /api/account/me meanwhile ${Math.round(slowestMs)} ms; ${during.length} sign-ups meanwhile`,
      );
      expect(before).toBeGreaterThan(0);
      expect(during.every((d) => d.status === 201)).toBe(true);
      const manifest = JSON.parse(
        fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8"),
      ) as {
        database: { driver: string; source: string };
        storage: { kind: string; files: number };
        authSecret: boolean;
      };
      expect(manifest.database).toMatchObject({
        driver,
        source: driver === "pglite" ? "running server" : "pg_dump",
      });
      expect(manifest.storage.kind).toBe("local");
      expect(manifest.storage.files).toBeGreaterThan(0);
      expect(manifest.authSecret).toBe(driver === "pglite");
      // Written after the backup: not in it.
      const late = `after-${stamp}@example.com`;
      await signUp(a.base, late);

      // A restore never lands on data that is there already, unless told to (--force).
      const refused =
        driver === "pglite"
          ? await (async () => {
              const busy = tmp("busy");
              fs.writeFileSync(path.join(busy, "keep.txt"), "mine");
              const r = await runCli(["restore", backupDir], { ...base, DATA_DIR: busy });
              expect(fs.readdirSync(busy)).toEqual(["keep.txt"]);
              return r;
            })()
          : await runCli(["restore", backupDir], { ...envA, DATA_DIR: tmp("empty") });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        driver === "pglite"
          ? /is not empty \(keep\.txt\).*--force/s
          : /already has \d+ tables.*--force/s,
      );
      // Nor into the folder of a server that runs.
      if (driver === "pglite") {
        const running = await runCli(["restore", backupDir], envA);
        expect(running.code).toBe(1);
        expect(running.output).toMatch(/is using .*stop it first/);
      }

      const restored = await runCli(["restore", backupDir], envB);
      expect(restored.code, restored.output).toBe(0);
      const b = await startProcess(`${driver}-b`, "all", envB, logDir, { entry });
      processes.push(b);

      // The member's session still holds (its row, and the secret that signs the cookie).
      const me = await member.json<{ user: { email: string } }>(b.base, "/api/account/me");
      expect(me.user.email).toBe(member.email);
      expect(await signInStatus(new Member(member.email), b.base)).toBe(200);
      const again = await member.req(b.base, upload.croppedUrl!);
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(photo)).toBe(true);
      expect(await signInStatus(new Member(late), b.base)).toBe(401);
      // Every sign-up that finished before the backup began is there; each of the others is there
      // whole (it signs in) or not at all (unknown): never half a member.
      const statuses = await Promise.all(
        during.map((d) => signInStatus(new Member(d.email), b.base)),
      );
      expect(statuses.slice(0, before)).toEqual(Array(before).fill(200));
      for (const s of statuses) expect([200, 401]).toContain(s);
      await Promise.all([a.kill("SIGTERM"), b.kill("SIGTERM")]);
    },
  );
});
