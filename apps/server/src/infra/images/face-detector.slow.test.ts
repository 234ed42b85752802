import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { facePhoto, noFacePhoto, twoFacesPhoto } from "../../../test/face-photos";
import { createFaceDetector, DETECT_SIZE, faceWorkerUrl } from "./face-detector";
import { makePasFoto, PAS_FOTO_EYE_LINE } from "./pas-foto";

// The first photo loads the models (about 1 s, several on a loaded machine).
vi.setConfig({ testTimeout: 60_000 });
const detector = createFaceDetector({ idleMs: 200 });
afterAll(() => detector.close());

async function rgb(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("face detector (face-api on tfjs WebAssembly, in a worker thread)", () => {
  it("finds the worker's code beside the source, or beside the bundle", () => {
    expect(faceWorkerUrl("file:///app/dist/index.js").href).toBe(
      "file:///app/dist/face-detector.worker.js",
    );
    expect(faceWorkerUrl("file:///app/src/infra/images/face-detector.ts").href).toBe(
      "file:///app/src/infra/images/face-detector.worker.ts",
    );
  });

  it("counts the faces in real photos, with the eyes inside the face", async () => {
    const [one, two, none] = await Promise.all([
      facePhoto(0).then(rgb),
      twoFacesPhoto().then(rgb),
      noFacePhoto().then(rgb),
    ]);
    const found = await detector.detect(one);
    expect(found).toHaveLength(1);
    const [f] = found;
    for (const eye of f!.eyes) {
      expect(eye.x).toBeGreaterThan(f!.box.x);
      expect(eye.x).toBeLessThan(f!.box.x + f!.box.width);
    }
    expect(f!.eyes[0].x).toBeLessThan(f!.eyes[1].x);
    expect(await detector.detect(two)).toHaveLength(2);
    expect(await detector.detect(none)).toHaveLength(0);
  });

  it("ends its thread when idle and starts again on the next photo", async () => {
    await new Promise((r) => setTimeout(r, 400));
    expect(await detector.detect(await rgb(await facePhoto(4)))).toHaveLength(1);
  });

  it("runs a photo that arrives while the idle thread is ending on a new thread", async () => {
    // The idle thread is told to end; its "exit" comes later, after the next photo has started
    // on a new thread (it failed that photo, on a busy machine, before).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const d = createFaceDetector({ idleMs: 1000 });
    try {
      const photo = await rgb(await facePhoto(4));
      expect(await d.detect(photo)).toHaveLength(1);
      vi.advanceTimersByTime(1000);
      expect(await d.detect(photo)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await d.close();
    }
  });

  it("answers the same pixels again from memory, never an answer with descriptors", async () => {
    // A stand-in thread that answers each task with one face scored by how many it has run.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-faces-"));
    const file = path.join(dir, "counting.worker.mjs");
    fs.writeFileSync(
      file,
      'import { parentPort } from "node:worker_threads"; let n = 0; parentPort.on("message", ' +
        "(t) => parentPort.postMessage({ id: t.id, ok: true, faces: [{ box: { x: 0, y: 0, " +
        "width: 1, height: 1 }, score: ++n, eyes: [{ x: 0, y: 0 }, { x: 1, y: 0 }] }] }));",
    );
    const d = createFaceDetector({ url: pathToFileURL(file), remember: 1 });
    const image = (byte: number) => ({ data: new Uint8Array(12).fill(byte), width: 2, height: 2 });
    const score = async (byte: number, descriptors?: boolean) =>
      (await d.detect(image(byte), { descriptors }))[0]!.score;
    try {
      expect(await score(1)).toBe(1);
      const answer = await d.detect(image(1));
      expect(answer[0]!.score).toBe(1);
      // Each caller gets its own copy to change.
      answer[0]!.box.x = 99;
      expect((await d.detect(image(1)))[0]!.box.x).toBe(0);
      expect(await score(1, true)).toBe(2);
      expect(await score(2)).toBe(3);
      // Only the last image is remembered here: the first runs again.
      expect(await score(1)).toBe(4);
    } finally {
      await d.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses photos once closed", async () => {
    const d = createFaceDetector();
    await d.close();
    await expect(d.detect(await rgb(await facePhoto(0)))).rejects.toThrow(/closed/);
  });
});

describe("pas foto", () => {
  it("cuts 3x4 and 4x6 cm at 300 dpi of at most 200 KB, with the eyes on the same line", async () => {
    // A head-and-shoulders photo placed off-centre on a larger plain canvas, as a result might be.
    const portrait = await sharp(await facePhoto(0, { width: 500 }))
      .extend({ left: 60, right: 300, top: 40, bottom: 120, background: "#1e5aa8" })
      .jpeg()
      .toBuffer();
    for (const [size, width, height] of [
      ["3x4", 354, 472],
      ["4x6", 472, 709],
    ] as const) {
      const { jpeg } = await makePasFoto(portrait, size, detector, "blue");
      expect(jpeg.length).toBeLessThanOrEqual(200_000);
      expect(await sharp(jpeg).metadata()).toMatchObject({
        format: "jpeg",
        width,
        height,
        density: 300,
      });
      const [f] = await detector.detect(await rgb(jpeg));
      const scale = Math.max(width, height) / Math.min(DETECT_SIZE, Math.max(width, height));
      const eyeLine = ((f!.eyes[0].y + f!.eyes[1].y) / 2) * scale;
      expect(Math.abs(eyeLine / height - PAS_FOTO_EYE_LINE)).toBeLessThan(0.03);
      const eyeMid = ((f!.eyes[0].x + f!.eyes[1].x) / 2) * scale;
      expect(Math.abs(eyeMid / width - 0.5)).toBeLessThan(0.05);
    }
  });

  it("keeps a picture without a face whole at its usual place", async () => {
    const { jpeg, failed } = await makePasFoto(await noFacePhoto(), "3x4", detector);
    expect(failed).toContain("one_face");
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 354, height: 472, density: 300 });
  });
});
