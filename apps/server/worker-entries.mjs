// The worker threads' entries (local renderer, face detector), bundled beside whatever bundle
// starts them: lib/worker-thread.ts finds `<name>.js` relative to the bundle's import.meta.url.
// Used by the build (build.mjs) and the benches' bundles (bench/pipeline/lib.mjs).
export const WORKER_ENTRIES = {
  "local-renderer.worker": "src/infra/providers/local/local-renderer.worker.ts",
  "face-detector.worker": "src/infra/images/face-detector.worker.ts",
};
