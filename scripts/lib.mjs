// Helpers shared by the start and test scripts: install what is missing, rebuild what is stale.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The environment the server process starts with: the caller's, plus MALLOC_ARENA_MAX=2 unless
 * it is set. glibc gives every thread (libvips's, the render pool's) its own malloc arena that
 * keeps freed image memory: about 1 GB at rest after drawing the style previews, 350 MB with two
 * arenas. It is read when the process starts, so it is set here rather than in the server.
 */
export function serverEnv(extra = {}) {
  return { MALLOC_ARENA_MAX: "2", ...process.env, ...extra };
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const lock = path.join(root, "package-lock.json");
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const stale =
    !fs.existsSync(marker) || fs.statSync(marker).mtimeMs + 1000 < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  console.log("→ installing dependencies (npm ci)…");
  must("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
}

const BUILD_INPUTS = [
  "package-lock.json",
  "packages/shared/src",
  "apps/server/src",
  "apps/server/build.mjs",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
];

function walk(p, out) {
  if (!fs.existsSync(p)) return;
  const st = fs.statSync(p);
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) {
      if (name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx"))
        continue;
      walk(path.join(p, name), out);
    }
  } else out.push(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}`);
}

/**
 * Whether web and server are built from the sources as they are now: `upToDate`, and `markBuilt()`
 * to record a successful build of exactly these sources.
 */
export function buildState() {
  const files = [];
  for (const input of BUILD_INPUTS) walk(path.join(root, input), files);
  const hash = crypto.createHash("sha256").update(files.join("\n")).digest("hex");
  const stamp = path.join(root, "apps", "server", "dist", ".build-stamp");
  const upToDate =
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === hash &&
    fs.existsSync(path.join(root, "apps", "web", "dist", "index.html"));
  return { upToDate, markBuilt: () => fs.writeFileSync(stamp, hash) };
}

/** The command that builds web and server: `npm run build`, quietly. */
export const BUILD = { cmd: "npm", args: ["run", "build", "--silent"] };

/** Rebuild web and server when any source changed since the last build. */
export function ensureBuilt({ force = false } = {}) {
  const { upToDate, markBuilt } = buildState();
  if (upToDate && !force) return;
  console.log("→ building web app and server…");
  must(BUILD.cmd, BUILD.args);
  markBuilt();
}

/**
 * Runs one of the server's built command-line entries (`npm run admin`, `npm run backup`) with
 * this script's arguments and exits with its code. `build: "always"` rebuilds stale sources
 * first; `build: "if-missing"` builds only when the entry is not there at all, so a backup taken
 * beside a running server never rebuilds (and so never replaces) the dist folder it runs from.
 */
export function runBuiltCli(file, { build = "always" } = {}) {
  const entry = path.join(root, "apps/server/dist", file);
  ensureInstalled();
  if (build === "always" || !fs.existsSync(entry)) ensureBuilt();
  process.exit(run(process.execPath, [entry, ...process.argv.slice(2)]));
}

/**
 * Runs commands side by side, each with its output held back and printed whole when it ends, so
 * two logs never interleave. A command's `then` (a command of the same shape) starts when it has
 * passed, in its place beside the others. Resolves when all have ended; exits the process if any
 * failed, after printing every failure (not only the first).
 */
export async function mustAll(commands) {
  const started = Date.now();
  const runOne = ({ name, cmd, args, env, then }) =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: env ?? process.env,
      });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on("close", (code) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const text = Buffer.concat(output).toString("utf8").trimEnd();
        console.log(
          `── ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} after ${seconds}s`,
        );
        if (text) console.log(text);
        // What ended: this command, or, once it passed, what its `then` ended with.
        resolve(code === 0 && then ? runOne(then) : [{ name, code }]);
      });
    });
  const results = (await Promise.all(commands.map(runOne))).flat();
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length) {
    console.error(`\n✗ failed: ${failed.map((result) => result.name).join(", ")}`);
    process.exit(failed[0].code || 1);
  }
}
