import type { QuarterTurns } from "@rupa/shared/photo-shrink";
import { shrinkPhoto, type Shrunk } from "./shrink-photo";

// The photo shrink off the page's thread (prepare-photo.ts starts it on demand).

export type ShrinkRequest = { file: Blob; turns: QuarterTurns };
/** `ok: false` when the worker cannot draw (no OffscreenCanvas): the page tries itself. */
export type ShrinkReply = { ok: true; shrunk: Shrunk | null } | { ok: false; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ShrinkRequest>) => void) | null;
  postMessage: (reply: ShrinkReply) => void;
};

scope.onmessage = (event) => {
  void (async () => {
    let reply: ShrinkReply;
    if (typeof OffscreenCanvas !== "function") {
      reply = { ok: false, error: "no OffscreenCanvas" };
    } else {
      try {
        reply = { ok: true, shrunk: await shrinkPhoto(event.data.file, event.data.turns) };
      } catch (e) {
        reply = { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    }
    scope.postMessage(reply);
  })();
};
