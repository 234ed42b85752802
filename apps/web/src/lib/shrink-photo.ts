import { shrinkPlan, type QuarterTurns } from "@rupa/shared/photo-shrink";
import { HEADER_BYTES, readImageHeader } from "./image-header";

/** A photo shrunk for sending: the JPEG, or null when the file goes as it is; its upright size. */
export type Shrunk = { blob: Blob | null; width: number; height: number };

/**
 * One photo through the plan (@rupa/shared/photo-shrink): the header tells its size and
 * orientation without decoding; a photo that needs it is decoded by the browser straight to the
 * planned size (`createImageBitmap` with `resizeWidth/resizeHeight`: the costly full-size pixels
 * stay in the decoder), turned, and encoded once as a JPEG. Runs in the worker
 * (shrink-photo.worker.ts) or, where a worker cannot draw, on the page. Null when the browser
 * cannot decode the photo (HEIC in Chrome and Firefox): it is sent as it is.
 */
export async function shrinkPhoto(file: Blob, turns: QuarterTurns): Promise<Shrunk | null> {
  if (typeof createImageBitmap !== "function") return null;
  const header = readImageHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  let bitmap: ImageBitmap;
  let plan;
  try {
    if (header) {
      plan = shrinkPlan({ ...header, type: file.type || header.type, bytes: file.size, turns });
      if (plan.kind === "as-is") return { blob: null, width: plan.width, height: plan.height };
      bitmap = await createImageBitmap(file, {
        imageOrientation: "from-image",
        resizeWidth: plan.draw.width,
        resizeHeight: plan.draw.height,
        resizeQuality: "high",
      });
    } else {
      // A type the header reader does not know (HEIC in Safari, GIF…): decoded whole, then drawn smaller.
      bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      plan = shrinkPlan({
        width: bitmap.width,
        height: bitmap.height,
        orientation: 1,
        type: file.type,
        bytes: file.size,
        turns,
      });
      if (plan.kind === "as-is") {
        bitmap.close();
        return { blob: null, width: plan.width, height: plan.height };
      }
    }
  } catch {
    return null;
  }
  try {
    // A browser that ignored the resize or the orientation still gets the planned size: the
    // canvas scales what it was given (and turns it a quarter if it came on its side).
    const sideways =
      bitmap.width !== plan.draw.width &&
      bitmap.width === plan.draw.height &&
      plan.draw.width !== plan.draw.height;
    const { width, height } = plan.canvas;
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("Canvas is not available");
    // Transparent pixels become white, not black, in the JPEG.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.translate(width / 2, height / 2);
    context.rotate(((plan.turns + (sideways ? 1 : 0)) * Math.PI) / 2);
    const w = sideways ? plan.draw.height : plan.draw.width;
    const h = sideways ? plan.draw.width : plan.draw.height;
    context.drawImage(bitmap, -w / 2, -h / 2, w, h);
    const blob = await toJpeg(canvas, plan.quality);
    // Free the pixels at once: phones keep few large canvases.
    canvas.width = 0;
    canvas.height = 0;
    return { blob, width: plan.draw.width, height: plan.draw.height };
  } finally {
    bitmap.close();
  }
}

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function toJpeg(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type: "image/jpeg", quality });
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", quality),
  );
  if (!blob) throw new Error("Could not encode the photo");
  return blob;
}
