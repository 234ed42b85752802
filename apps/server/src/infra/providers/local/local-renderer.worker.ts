import { parentPort } from "node:worker_threads";
import { drawKanvas, type KanvasDrawOptions } from "./local-kanvas-art";
import { type LocalRenderOptions, renderLocal } from "./local-renderer";

/**
 * A render-pool worker thread (render-pool.ts): renders one picture at a time and sends the JPEG
 * back: a photo in a look (`look`), or a Kanvas illustration drawn from a prompt (`kanvas`).
 * Built as its own entry point (apps/server/build.mjs); under tsx and vitest it runs from this
 * TypeScript file.
 */
export type RenderTask =
  | { id: number; kind: "look"; input: Uint8Array; options: LocalRenderOptions }
  | { id: number; kind: "kanvas"; options: KanvasDrawOptions };
export type RenderReply =
  | { id: number; ok: true; output: Uint8Array }
  | { id: number; ok: false; message: string };

function run(task: RenderTask): Promise<Buffer> {
  if (task.kind === "kanvas") return drawKanvas(task.options);
  return renderLocal(
    Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength),
    task.options,
  );
}

const port = parentPort;
if (port) {
  port.on("message", (task: RenderTask) => {
    run(task).then(
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
