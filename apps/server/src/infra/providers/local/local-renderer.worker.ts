import { parentPort } from "node:worker_threads";
import { type LocalRenderOptions, renderLocal } from "./local-renderer";

/**
 * A render-pool worker thread (render-pool.ts): renders one photo at a time in a look and sends
 * the JPEG back. Built as its own entry point (apps/server/build.mjs); under tsx and vitest it
 * runs from this TypeScript file.
 */
export interface RenderTask {
  id: number;
  input: Uint8Array;
  options: LocalRenderOptions;
}
export type RenderReply =
  | { id: number; ok: true; output: Uint8Array }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (port) {
  port.on("message", (task: RenderTask) => {
    renderLocal(
      Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength),
      task.options,
    ).then(
      (jpeg) => {
        // A copy this thread owns outright, moved (not copied again) to the main thread.
        const output = new Uint8Array(jpeg);
        port.postMessage({ id: task.id, ok: true, output } satisfies RenderReply, [output.buffer]);
      },
      (e: unknown) =>
        port.postMessage({
          id: task.id,
          ok: false,
          message: e instanceof Error ? e.message : String(e),
        } satisfies RenderReply),
    );
  });
}
