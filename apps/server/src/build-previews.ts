// `npm run build`'s last step (build.mjs runs it as dist/build-previews.js): draws the seed
// catalogue's style previews into dist/previews with the built renderer, so a fresh start stores
// them instead of drawing them (modules/styles/built-previews.ts). Files already there are kept.
import { availableParallelism } from "node:os";
import { CATALOGUE, catalogueRowsOf } from "./db/seed/catalogue.data";
import { createRenderPool } from "./infra/providers/local/render-pool";
import { builtPreviewsSource, drawBuiltPreviews } from "./modules/styles/built-previews";

const source = builtPreviewsSource();
if (!source)
  throw new Error("build-previews runs from the server's build (dist), beside its renderer");
const started = performance.now();
// Every core: nothing else runs during a build.
const pool = createRenderPool({ size: availableParallelism() });
try {
  const r = await drawBuiltPreviews(catalogueRowsOf(CATALOGUE), { ...source, pool });
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `style previews: ${r.drawn} of ${r.images} images drawn, ${r.images - r.drawn} kept, ` +
      `${r.removed} stale files removed (${secs} s)\n`,
  );
} finally {
  await pool.close();
}
