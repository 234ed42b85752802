import type { QuarterTurns } from "@rupa/shared/photo-shrink";
import type { Shrunk } from "./shrink-photo";
import type { ShrinkReply, ShrinkRequest } from "./shrink-photo.worker";

/** What is sent for a chosen photo: the shrunk JPEG, or the file as it is. */
export type PreparedPhoto = {
  blob: Blob;
  name: string;
  /** Its upright size, or null when the browser could not decode it (HEIC in Chrome). */
  width: number | null;
  height: number | null;
  /** Whether it was re-encoded (false: the file goes as it is). */
  shrunk: boolean;
  /** Milliseconds spent preparing it. */
  ms: number;
};

/** The file name for `name` sent as a JPEG. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
}

/**
 * Prepares `file` for sending, turned `turns` quarter turns: shrunk in a Web Worker
 * (shrink-photo.worker.ts, loaded only now), on the page when the worker cannot draw, and
 * sent as it is when the browser cannot decode it. `signal` stops the work.
 */
export async function preparePhoto(
  file: Blob,
  name: string,
  turns: QuarterTurns,
  signal?: AbortSignal,
): Promise<PreparedPhoto> {
  const started = performance.now();
  let shrunk: Shrunk | null | undefined = await inWorker(file, turns, signal);
  signal?.throwIfAborted();
  if (shrunk === undefined) {
    // Its code may not load either (offline, before the page ever needed it): the photo then
    // goes as it is, like one the browser cannot decode, rather than failing as unreadable.
    shrunk = await import("./shrink-photo")
      .then(({ shrinkPhoto }) => shrinkPhoto(file, turns))
      .catch(() => null);
    signal?.throwIfAborted();
  }
  const ms = Math.round(performance.now() - started);
  if (!shrunk) return { blob: file, name, width: null, height: null, shrunk: false, ms };
  return {
    blob: shrunk.blob ?? file,
    name: shrunk.blob ? jpegName(name) : name,
    width: shrunk.width,
    height: shrunk.height,
    shrunk: !!shrunk.blob,
    ms,
  };
}

/** The worker's answer; undefined when no worker could do it (the page then tries). */
function inWorker(
  file: Blob,
  turns: QuarterTurns,
  signal?: AbortSignal,
): Promise<Shrunk | null | undefined> {
  if (typeof Worker !== "function" || typeof OffscreenCanvas !== "function")
    return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./shrink-photo.worker.ts", import.meta.url), {
        type: "module",
      });
    } catch {
      resolve(undefined);
      return;
    }
    const done = () => {
      worker.terminate();
      signal?.removeEventListener("abort", stop);
    };
    const stop = () => {
      done();
      reject((signal?.reason as Error | undefined) ?? new DOMException("Aborted", "AbortError"));
    };
    signal?.addEventListener("abort", stop, { once: true });
    worker.onmessage = (event: MessageEvent<ShrinkReply>) => {
      done();
      resolve(event.data.ok ? event.data.shrunk : undefined);
    };
    worker.onerror = () => {
      done();
      resolve(undefined);
    };
    worker.postMessage({ file, turns } satisfies ShrinkRequest);
  });
}
