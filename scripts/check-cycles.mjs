// Imports point down: fails when a project's own files import each other in a circle
// (docs/architecture.md, convention 11). Every import counts: static, `import type`, re-exports
// and dynamic `import()`.
// Modules are resolved the way the TypeScript compiler resolves them, from each project's
// tsconfig (paths such as `@/…` included); packages in node_modules are not followed.
//
//   node scripts/check-cycles.mjs            (run by `npm run lint`)
//
// Written with the compiler's own API rather than an ESLint plugin: the usual plugin
// (eslint-plugin-import-x) needs unrs-resolver, whose platform packages this machine's registry
// does not carry, so `npm ci` could not install it.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { root } from "./lib.mjs";

const PROJECTS = [
  "apps/server/tsconfig.json",
  "apps/web/tsconfig.json",
  "packages/shared/tsconfig.json",
];

const graphs = new Map();
/** The project's own source files and the import graph between them (built once per project). */
function graphOf(tsconfig) {
  if (!graphs.has(tsconfig)) graphs.set(tsconfig, buildGraph(tsconfig));
  return graphs.get(tsconfig);
}

function buildGraph(tsconfig) {
  const configPath = path.join(root, tsconfig);
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
  const own = new Set(
    parsed.fileNames
      .filter((f) => !f.endsWith(".d.ts") && !/\.(test|spec)\.tsx?$/.test(f))
      .map((f) => path.resolve(f)),
  );
  const host = ts.createModuleResolutionCache(root, (f) => f, parsed.options);
  const edges = new Map();
  for (const file of own) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set();
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, parsed.options, ts.sys, host)
        .resolvedModule?.resolvedFileName;
      if (resolved && own.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    edges.set(file, [...targets]);
  }
  return edges;
}

/** Strongly connected components with more than one file (or a file importing itself). */
function cycles(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    // Iterative Tarjan: deep import chains must not overflow the call stack.
    const work = [[v, 0]];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = edges.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          comp.push(w);
        } while (w !== node);
        if (comp.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(comp);
      }
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** One concrete loop through a component, for the message: a → b → … → a. */
function loopIn(comp, edges) {
  const inComp = new Set(comp);
  const start = comp.slice().sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const loop = [start];
        for (let x = v; x !== start; x = prev.get(x)) loop.splice(1, 0, x);
        return [...loop, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

let total = 0;
for (const project of PROJECTS) {
  const edges = graphOf(project);
  for (const comp of cycles(edges)) {
    total++;
    const loop = loopIn(comp, edges).map((f) => path.relative(root, f));
    console.error(`✗ import cycle (${comp.length} files): ${loop.join(" → ")}`);
  }
}
// Imports point down: the server's lib/ and infra/ never import a module (type imports too).
const server = path.join(root, "apps/server/src") + path.sep;
const low = ["lib", "infra"].map((d) => server + d + path.sep);
const modules = server + "modules" + path.sep;
let upward = 0;
for (const [file, targets] of graphOf("apps/server/tsconfig.json")) {
  if (!low.some((dir) => file.startsWith(dir))) continue;
  for (const target of targets.filter((t) => t.startsWith(modules))) {
    upward++;
    console.error(
      `✗ ${path.relative(root, file)} imports ${path.relative(root, target)} (lib/ and infra/ must not import a module)`,
    );
  }
}
// Repositories only read and write (ADR 032): a repository never imports another repository
// (type imports too). What two need is the service's to compose, or lives lower (infra/, db/).
const isRepository = (f) => f.startsWith(modules) && f.endsWith(".repository.ts");
let repoToRepo = 0;
for (const [file, targets] of graphOf("apps/server/tsconfig.json")) {
  if (!isRepository(file)) continue;
  for (const target of targets.filter((t) => isRepository(t) && t !== file)) {
    repoToRepo++;
    console.error(
      `✗ ${path.relative(root, file)} imports ${path.relative(root, target)} (a repository never imports another repository: compose them in a service, ADR 032)`,
    );
  }
}
if (total > 0 || upward > 0 || repoToRepo > 0) {
  console.error(
    `\n${total} import cycle(s), ${upward} upward import(s), ${repoToRepo} repository-to-repository import(s). Move the shared definition down to its owner (docs/architecture.md, conventions 2 and 11).`,
  );
  process.exit(1);
}
console.log(
  `no import cycles in ${PROJECTS.length} projects; lib/ and infra/ import no module; no repository imports another`,
);
