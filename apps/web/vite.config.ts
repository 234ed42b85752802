import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from "vite";
import { buildMore, buildStep } from "./vite.build-step";
import { pwa } from "./vite.pwa";

const src = fileURLToPath(new URL("./src", import.meta.url));

/**
 * After the browser build, bundles src/entry-server.tsx (with every dependency inside, so it
 * runs from any WEB_DIST_DIR) into <outDir>/ssr/entry-server.js for the API server, which renders
 * the landing page and /eksplor with it (docs/decisions/009). The server never serves /ssr/.
 */
function serverEntry(): Plugin {
  return buildStep("rupa-server-entry", (dirs) => ({
    async closeBundle() {
      await buildMore(dirs, {
        plugins: [react()],
        resolve: { alias: { "@": src } },
        ssr: { noExternal: true, target: "node" },
        build: {
          ssr: "src/entry-server.tsx",
          outDir: path.join(dirs.outDir, "ssr"),
          emptyOutDir: true,
          target: "node20",
          sourcemap: false,
          minify: true,
          rollupOptions: {
            output: {
              entryFileNames: "entry-server.js",
              codeSplitting: false,
              // CommonJS dependencies (react-dom/server) require Node's built-ins.
              banner:
                "import { createRequire as __rupaRequire } from 'node:module'; const require = __rupaRequire(import.meta.url);",
            },
          },
        },
      });
    },
  }));
}

/**
 * index.html's entry (main.tsx) is tiny and imports the app (app/start.tsx) itself. For a page
 * the browser renders, the app's chunks are preloaded from index.html at once; the server strips
 * these links from a server-rendered page, whose code may wait for the first paint.
 */
function preloadApp(): Plugin {
  return {
    name: "rupa-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (item): item is Rollup.OutputChunk => item.type === "chunk",
        );
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/app/start.tsx"));
        if (!app) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === "chunk") chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        if (ctx.chunk) files.delete(ctx.chunk.fileName);
        return [...files].map(
          (file): HtmlTagDescriptor => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head",
          }),
        );
      },
    },
  };
}

/**
 * The favicon, written into index.html as a data address: a first visit makes no request for it,
 * which would otherwise be one more before the page's main image (docs/decisions/027). The file
 * stays in public/ for the install icons' sake and for links to it.
 */
function inlineFavicon(): Plugin {
  return {
    name: "rupa-inline-favicon",
    apply: "build",
    transformIndexHtml(html) {
      const svg = fs.readFileSync(new URL("./public/favicon.svg", import.meta.url), "utf8").trim();
      return html.replace(
        'href="/favicon.svg"',
        () => `href="data:image/svg+xml,${encodeURIComponent(svg)}"`,
      );
    },
  };
}

// The API server serves the built app; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadApp(), inlineFavicon(), serverEntry(), pwa()],
  resolve: { alias: { "@": src } },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/pay": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    // dist/.vite/manifest.json: which files each source module needs, for bench:landing's JS per
    // route. The server never serves it.
    manifest: true,
    target: "es2022",
    chunkSizeWarningLimit: 400,
    // Every browser the app supports knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        advancedChunks: {
          // Vite's dynamic-import helper gets its own chunk: left in main.tsx's, every lazy
          // chunk would depend on the entry and so re-request its stylesheet.
          groups: [
            { name: "preload-helper", test: /vite\/preload-helper/ },
            // The libraries every page runs on, in a few long-cached files rather than many
            // (TanStack Query only: TanStack Table is the admin panel's and loads with it). React
            // and the router are apart from the rest: a server-rendered page's islands need
            // React but not the router (docs/decisions/026).
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /[\\/]src[\\/]lib[\\/]router\.tsx$/ },
            {
              name: "vendor",
              test: /node_modules[\\/](@tanstack[\\/](react-query|query-core)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|shared))[\\/.]/,
            },
            // The shell every page shows (session, navigation, i18n, API client), likewise, with
            // the zod-free constants, session routes and page-loader names of @rupa/shared
            // (packages/shared/src/).
            {
              name: "shell",
              // Nothing in it may import the router: the islands load this chunk (the
              // router-bound shell modules, sign-out and use-seo, go with the app). The message
              // files' addresses are here too, beside lib/i18n, which reads them as it loads.
              test: /[\\/]src[\\/](constants|page-loader|routes[\\/](account|auth|styles)|lib[\\/](api-client|query-client|query-keys|styles-api|image-set|format|link-intent|navigation-progress|next-task|page-navigation|toast|i18n|i18n-core|utils|referral|use-hydrated|wrap-index|document-title|whole-stylesheet)|features[\\/]auth[\\/](api[\\/](me|preferred-language)|hooks[\\/]use-saved-language)|app[\\/](ssr-data|app-toaster)|components[\\/](island|logo|language-toggle|ui[\\/](button|skeleton)))\.tsx?$|[\\/]src[\\/]locales[\\/](id|en)\.json\?url$/,
              includeDependenciesRecursively: false,
            },
            // The landing page's islands (the category tabs and the carousel) and what they
            // show, in one file for its first download (docs/decisions/026); the style dialog,
            // which shares the carousel's arrows and dots, loads it too.
            {
              name: "landing",
              test: /[\\/]src[\\/](features[\\/]landing[\\/](components[\\/](category-tabs|before-after-carousel|sample-image)|hooks[\\/][\w-]+|lib[\\/]samples)|components[\\/]carousel-nav)[\\/.]/,
              includeDependenciesRecursively: false,
            },
            // The tabs and the arrows the landing's islands show, which Kanvas, the policies and
            // some dialogs use too: apart from the landing's file, which those pages do not need.
            {
              name: "tabs",
              test: /[\\/]src[\\/]components[\\/]ui[\\/]tabs\.tsx$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]chevron-(left|right)\.js$/,
              includeDependenciesRecursively: false,
            },
            // The pas foto's background choice, the choice buttons it is made of, the upload
            // icon and the hidden file input, which the generator's first screen (gender too) and
            // /cek-pas-foto's checker show: one file rather than four, whoever else loads the
            // buttons later (a pas foto's download sizes).
            {
              name: "choices",
              test: /[\\/]src[\\/]components[\\/](choice-button|background-picker|hidden-file-input)\.tsx$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]image-up\.js$/,
              includeDependenciesRecursively: false,
            },
            // The icons /eksplor's islands show, which app pages share: one small file rather
            // than five of 130-250 bytes, each a request of its own on a first visit.
            {
              name: "explore-icons",
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](chevron-down|coins|gift|image|shopping-bag)\.js$/,
              includeDependenciesRecursively: false,
            },
            // The explore page's islands, its cards' listeners and what they show (the style
            // dialog stays apart, loaded when a card is reached for; the view itself, which
            // the browser renders only in the app, goes with the route), in one file rather
            // than fifteen. Nothing in it may import the router (docs/decisions/029).
            {
              name: "explore",
              test: /[\\/]src[\\/](app[\\/]routes[\\/](explore-hero|use-viewer)|features[\\/]catalogue[\\/](components[\\/](explore-controls|recent-styles|style-card|style-image|credit-hero)|lib[\\/](groups|style-cards|viewer)|api[\\/][\w-]+))[\\/.]/,
              // Only these modules: what they share with other pages stays in those pages' files.
              includeDependenciesRecursively: false,
            },
            // The badge and the select /eksplor's islands show, which the gallery, feedback and
            // admin pages use too: in the explore file they had each of those pages download all
            // of it (5 KB) for 1 KB. (The copy's figures, which no island shows, go with the
            // pages that state them.)
            {
              name: "badge-select",
              test: /[\\/]src[\\/]components[\\/]ui[\\/](native-select|badge)\.tsx$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
