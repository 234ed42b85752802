import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * A worker thread's code: `<name>.ts` beside the caller's source file (tsx, vitest), or, in the
 * esbuild bundle (apps/server/build.mjs), `<name>.js` beside the bundle's entry, where the
 * caller's `import.meta.url` then points.
 */
export function workerUrl(name: string, base: string): URL {
  return base.endsWith(".ts") ? new URL(`./${name}.ts`, base) : new URL(`./${name}.js`, base);
}

/**
 * Starts the thread. From TypeScript source (tsx, vitest) the thread first registers tsx's
 * loader, then imports the file (a worker's `--import` flag is not applied on Node 20).
 */
export function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith(".ts")) return new Worker(url);
  const tsx = createRequire(import.meta.url).resolve("tsx/esm/api");
  const code =
    `require(${JSON.stringify(tsx)}).register();` +
    `import(${JSON.stringify(url.href)}).catch((e) => { throw e; });`;
  return new Worker(code, { eval: true });
}
