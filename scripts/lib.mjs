// Helpers shared by the start and test scripts: install what is missing, rebuild what is stale.
import { spawnSync } from "node:child_process";
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

/** Rebuild web and server when any source changed since the last build. */
export function ensureBuilt({ force = false } = {}) {
  const files = [];
  for (const input of BUILD_INPUTS) walk(path.join(root, input), files);
  const hash = crypto.createHash("sha256").update(files.join("\n")).digest("hex");
  const stamp = path.join(root, "apps", "server", "dist", ".build-stamp");
  const built =
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === hash &&
    fs.existsSync(path.join(root, "apps", "web", "dist", "index.html"));
  if (built && !force) return;
  console.log("→ building web app and server…");
  must("npm", ["run", "build", "--silent"]);
  fs.writeFileSync(stamp, hash);
}
