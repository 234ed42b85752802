// The JavaScript each route of the web app downloads on a first visit (gzip), worked out from the
// build's manifest (apps/web/dist/.vite/manifest.json): the entry (main.tsx), then either the app
// (app/start.tsx) and the page's own module, or, for a visitor's server-rendered /, /eksplor and
// /cek-pas-foto, the islands (app/islands.tsx) and the islands on that page. Each file counts once per route.
//
//   node bench/landing/route-js.mjs                 (apps/web/dist)
//   WEB_DIST_DIR=/tmp/dist node bench/landing/route-js.mjs
//
// bench:landing prints the same table after its Lighthouse figures. Bytes are gzip at level 9
// of the built files, without response headers (Lighthouse's figures include those).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Each route, the page module it renders, and for visitors' server-rendered pages its islands. */
const ROUTES = [
  {
    path: "/",
    page: "src/app/routes/home.tsx",
    islands: ["landing-categories", "landing-carousel"],
  },
  {
    path: "/eksplor",
    page: "src/app/routes/eksplor.tsx",
    islands: ["explore-hero", "explore-recent", "explore-controls", "setting-slot"],
  },
  { path: "/generator", page: "src/app/routes/generator.tsx" },
  { path: "/kanvas", page: "src/app/routes/kanvas.tsx" },
  { path: "/img2vid", page: "src/app/routes/img2vid.tsx" },
  { path: "/gallery", page: "src/app/routes/gallery.tsx" },
  { path: "/credits", page: "src/app/routes/credits.tsx" },
  { path: "/billing", page: "src/app/routes/billing.tsx" },
  { path: "/auth", page: "src/app/routes/auth.tsx" },
  { path: "/feedback", page: "src/app/routes/feedback.tsx" },
  { path: "/faq", page: "src/app/routes/faq.tsx" },
  { path: "/terms", page: "src/app/routes/terms.tsx" },
  { path: "/privacy", page: "src/app/routes/privacy.tsx" },
  { path: "/policies", page: "src/app/routes/policies.tsx" },
  {
    path: "/cek-pas-foto",
    page: "src/app/routes/cek-pas-foto.tsx",
    islands: ["setting-slot", "pas-foto-checker"],
  },
  {
    path: "/admin",
    page: ["src/app/layouts/admin-layout.tsx", "src/app/routes/admin/admin-section.tsx"],
  },
];

/**
 * The chunk each island's code is in (app/islands.tsx's loaders; vite.config.ts groups them):
 * the language toggle is in the shell every page has, the landing's islands share one file.
 */
const ISLAND_CHUNKS = {
  "language-toggle": "shell",
  "landing-categories": "landing",
  "landing-carousel": "landing",
  "setting-slot": "setting-slot-island",
  "explore-hero": "explore",
  "explore-recent": "explore",
  "explore-controls": "explore",
  // Named through a small module of its own (pas-foto-checker-island.ts), which loads the chunk.
  "pas-foto-checker": [
    "src/features/pas-foto/components/pas-foto-checker-island.ts",
    "@pas-foto-checker",
  ],
};

export function routeJs(webDist = path.join(root, "apps/web/dist")) {
  const manifestFile = path.join(webDist, ".vite/manifest.json");
  if (!fs.existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the web app`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const gzip = new Map();
  const sizeOf = (file) => {
    if (!gzip.has(file))
      gzip.set(file, zlib.gzipSync(fs.readFileSync(path.join(webDist, file)), { level: 9 }).length);
    return gzip.get(file);
  };
  /** A grouped chunk's manifest key (`_<name>-<hash>.js`). */
  const group = (name) => {
    // The name and the hash alone: `_explore-` must not match `_explore-view-<hash>.js`.
    const pattern = new RegExp(`^_${name}-[\\w-]{8}\\.js$`);
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    if (!key) throw new Error(`no ${name} chunk in the build manifest`);
    return key;
  };
  /** The files a module needs before it runs: its chunk and its static imports, recursively. */
  const closure = (ref, files = new Set()) => {
    // A source module, or "@name" for a chunk vite.config.ts groups modules into.
    const key = ref.startsWith("@") ? group(ref.slice(1)) : ref;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const entry = "index.html";
  const rows = [];
  for (const route of ROUTES) {
    const pages = Array.isArray(route.page) ? route.page : [route.page];
    const app = closure(entry);
    closure("src/app/start.tsx", app);
    for (const page of pages) closure(page, app);
    const sum = (files) => [...files].reduce((total, file) => total + sizeOf(file), 0);
    let visitor = null;
    if (route.islands) {
      const islands = closure(entry);
      closure("src/app/islands.tsx", islands);
      const names = ["language-toggle", ...route.islands];
      for (const name of names)
        for (const ref of [ISLAND_CHUNKS[name]].flat())
          closure(ref.startsWith("src/") || ref.startsWith("@") ? ref : `@${ref}`, islands);
      visitor = { bytes: sum(islands), files: islands.size };
    }
    rows.push({ path: route.path, app: { bytes: sum(app), files: app.size }, visitor });
  }
  return rows;
}

export function printRouteJs(rows) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log("\nJavaScript per route, first visit (gzip level 9 of the built files, no headers):");
  console.log(
    `  ${"route".padEnd(14)}${"visitor (server-rendered, islands)".padEnd(38)}app (signed in / no SSR)`,
  );
  for (const row of rows) {
    const visitor = row.visitor ? `${kb(row.visitor.bytes)} (${row.visitor.files} files)` : "-";
    console.log(
      `  ${row.path.padEnd(14)}${visitor.padEnd(38)}${kb(row.app.bytes)} (${row.app.files} files)`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printRouteJs(routeJs(process.env.WEB_DIST_DIR));
}
