import { createHash } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { startWorker, workerUrl } from "../../lib/worker-thread";
import type { DetectedFace, DetectReply, DetectTask } from "./face-detector.worker";

export type { DetectedFace };

/** RGB pixels (3 bytes each), already scaled down to at most DETECT_SIZE on the long side. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Photos are searched for faces on a copy at most this long on its longer side. */
export const DETECT_SIZE = 640;

export interface FaceDetector {
  /**
   * Every face found, in the image's pixels (with `descriptors`, each with its descriptor).
   * Rejects when the detector cannot run.
   */
  detect(image: RgbImage, opts?: { descriptors?: boolean }): Promise<DetectedFace[]>;
  close(): Promise<void>;
}

export function faceWorkerUrl(base: string = import.meta.url): URL {
  return workerUrl("face-detector.worker", base);
}

/**
 * One worker thread runs the detector (about 300 MB of memory with the WebAssembly backend and
 * its models, loaded once; bench/faces), one photo at
 * a time, so a detection (0.1–1 s of CPU) never blocks the event loop that answers requests.
 * At most `maxWaiting` photos wait; more are refused at once. The thread does not keep the
 * process alive, ends after `idleMs` without a photo (its memory is given back; the next photo
 * loads the models again in about a second), and a crashed thread is replaced on the next photo.
 *
 * With `remember`, the faces found in the last that many images are kept, by a hash of their
 * pixels, and the same pixels again are answered from them at once: a photo sent again after a
 * failed send, the same selfie for another style, a result whose pas foto is checked again.
 * Only boxes, scores and eyes are kept; an answer with descriptors (biometric data) never is.
 */
export function createFaceDetector(
  opts: { url?: URL; maxWaiting?: number; idleMs?: number; remember?: number } = {},
): FaceDetector {
  const url = opts.url ?? faceWorkerUrl();
  const maxWaiting = opts.maxWaiting ?? 32;
  const idleMs = opts.idleMs ?? 5 * 60_000;
  const remember = opts.remember ?? 0;
  /** Faces by pixel hash, oldest first (a Map keeps the order things were set in). */
  const answers = new Map<string, DetectedFace[]>();
  let idleTimer: NodeJS.Timeout | undefined;
  if (!fs.existsSync(fileURLToPath(url)))
    throw new Error(`face detector code missing: ${url.href}`);
  type Pending = DetectTask & { resolve(f: DetectedFace[]): void; reject(e: Error): void };
  let worker: Worker | null = null;
  let running: Pending | null = null;
  const waiting: Pending[] = [];
  let seq = 0;
  let closed = false;

  function thread(): Worker {
    if (worker) return worker;
    const w = startWorker(url);
    w.unref();
    w.on("message", (reply: DetectReply) => {
      const task = running;
      running = null;
      w.unref();
      if (task && task.id === reply.id) {
        if (reply.ok) task.resolve(reply.faces);
        else task.reject(new Error(`face detection failed: ${reply.message}`));
      }
      next();
    });
    const lost = (e: Error) => {
      // A thread ended on purpose (idle, or closed) is no longer ours: a photo running now is on
      // its successor, which a late "exit" of this one must not fail.
      if (worker !== w) return;
      worker = null;
      const task = running;
      running = null;
      task?.reject(e);
      next();
    };
    w.on("error", lost);
    w.on("exit", (code) => lost(new Error(`face detector thread exited with code ${code}`)));
    worker = w;
    return w;
  }

  function next() {
    if (running || closed) return;
    const task = waiting.shift();
    clearTimeout(idleTimer);
    if (!task) {
      const idle = worker;
      if (idle) {
        idleTimer = setTimeout(() => {
          if (worker !== idle || running) return;
          worker = null;
          void idle.terminate();
        }, idleMs);
        idleTimer.unref();
      }
      return;
    }
    running = task;
    const w = thread();
    w.ref();
    w.postMessage(
      {
        id: task.id,
        pixels: task.pixels,
        width: task.width,
        height: task.height,
        descriptors: task.descriptors,
      } satisfies DetectTask,
      [task.pixels.buffer as ArrayBuffer],
    );
  }

  function run(image: RgbImage, descriptors: boolean | undefined): Promise<DetectedFace[]> {
    if (waiting.length >= maxWaiting) return Promise.reject(new Error("the face detector is busy"));
    return new Promise((resolve, reject) => {
      // A copy the thread can own (the caller's pixels may share pooled memory).
      waiting.push({
        id: ++seq,
        pixels: new Uint8Array(image.data),
        width: image.width,
        height: image.height,
        descriptors,
        resolve,
        reject,
      });
      next();
    });
  }

  return {
    async detect(image, opts) {
      if (closed) throw new Error("the face detector is closed");
      if (!remember || opts?.descriptors) return run(image, opts?.descriptors);
      const key = createHash("sha1")
        .update(`${image.width}x${image.height}:`)
        .update(image.data)
        .digest("base64");
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
        return structuredClone(known);
      }
      const faces = await run(image, false);
      answers.set(key, structuredClone(faces));
      if (answers.size > remember) answers.delete(answers.keys().next().value!);
      return faces;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const task = running;
      running = null;
      for (const t of [...(task ? [task] : []), ...waiting.splice(0)])
        t.reject(new Error("the face detector is closed"));
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

let shared: FaceDetector | undefined;
/**
 * The process-wide detector (uploads and pas foto downloads share it), which remembers the faces
 * of the last 64 images: a few kilobytes.
 */
export function faceDetector(): FaceDetector {
  shared ??= createFaceDetector({ remember: 64 });
  return shared;
}
