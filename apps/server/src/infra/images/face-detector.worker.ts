import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import type * as Tf from "@tensorflow/tfjs";
import type * as FaceApi from "@vladmandic/face-api/dist/face-api.node-wasm.js";

/**
 * The face detector's worker thread (face-detector.ts): @vladmandic/face-api's SSD MobileNet v1
 * detector and 68-point landmarks on TensorFlow.js's WebAssembly backend, whose .wasm files and
 * model weights are read from the installed npm packages (never a CDN). The models load once,
 * on the first photo; the face recognition model (a 128-value descriptor per face, for the
 * likeness check, ADR 038) loads on the first task that asks for descriptors. Built as its own
 * entry (apps/server/build.mjs).
 */
export interface DetectTask {
  id: number;
  /** RGB pixels, 3 bytes each, row by row. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** Also describe each face (the recognition model's 128 values). */
  descriptors?: boolean;
}
export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** Centres of the eyes as seen in the image (left is the one nearer x = 0). */
  eyes: [{ x: number; y: number }, { x: number; y: number }];
  /**
   * With `descriptors`: the face's 128-value descriptor (face-api's recognition model). Biometric
   * data: compared and discarded by the caller, never stored or logged.
   */
  descriptor?: number[];
}
export type DetectReply =
  | { id: number; ok: true; faces: DetectedFace[] }
  | { id: number; ok: false; message: string };

const require = createRequire(import.meta.url);
/**
 * A detection below this score is not a face. Tuned on bench/faces' labelled set: a face in
 * profile or looking down scores 0.31-0.42 and was missed at 0.5 (a second person beside the
 * subject went unnoticed); nothing that is not a face scored above 0.19.
 */
export const MIN_CONFIDENCE = 0.35;

let ready: Promise<{ faceapi: typeof FaceApi; tf: typeof Tf }> | undefined;
function load() {
  ready ??= (async () => {
    const tf = require("@tensorflow/tfjs") as typeof Tf;
    const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as typeof FaceApi;
    const wasm = require("@tensorflow/tfjs-backend-wasm") as {
      setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
    };
    const wasmDir = path.join(
      path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json")),
      "dist",
    );
    wasm.setWasmPaths(`${wasmDir}${path.sep}`);
    await tf.setBackend("wasm");
    await tf.ready();
    const models = path.join(
      path.dirname(require.resolve("@vladmandic/face-api/package.json")),
      "model",
    );
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    return { faceapi, tf };
  })();
  return ready;
}

let recognition: Promise<void> | undefined;
/** The recognition model (about 6 MB of weights), loaded on the first task that needs it. */
function loadRecognition(faceapi: typeof FaceApi) {
  recognition ??= faceapi.nets.faceRecognitionNet.loadFromDisk(
    path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model"),
  );
  return recognition;
}

function centre(points: { x: number; y: number }[]): { x: number; y: number } {
  const n = points.length || 1;
  return {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
}

async function detect(task: DetectTask): Promise<DetectedFace[]> {
  const { faceapi, tf } = await load();
  if (task.descriptors) await loadRecognition(faceapi);
  const input = tf.tensor3d(task.pixels, [task.height, task.width, 3], "int32");
  try {
    const landmarked = faceapi
      .detectAllFaces(
        input,
        new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 20 }),
      )
      .withFaceLandmarks();
    const found: (Awaited<typeof landmarked>[number] & { descriptor?: Float32Array })[] =
      task.descriptors ? await landmarked.withFaceDescriptors() : await landmarked;
    return found.map((f) => {
      const b = f.detection.box;
      const a = centre(f.landmarks.getLeftEye());
      const c = centre(f.landmarks.getRightEye());
      return {
        box: { x: b.x, y: b.y, width: b.width, height: b.height },
        score: f.detection.score,
        eyes: a.x <= c.x ? [a, c] : [c, a],
        ...(f.descriptor ? { descriptor: Array.from(f.descriptor) } : {}),
      };
    });
  } finally {
    input.dispose();
  }
}

const port = parentPort;
if (port) {
  port.on("message", (task: DetectTask) => {
    detect(task).then(
      (faces) => port.postMessage({ id: task.id, ok: true, faces } satisfies DetectReply),
      (e: unknown) =>
        port.postMessage({
          id: task.id,
          ok: false,
          message: e instanceof Error ? e.message : String(e),
        } satisfies DetectReply),
    );
  });
}
