// Shared by the Kanvas tests of the remote provider clients (*.provider.test.ts).
import sharp from "sharp";
import type { KanvasRequest } from "../provider";

/**
 * Two reference JPEGs of different widths (so a test can tell which one was sent), as Blobs
 * without a type, the way the stored files are opened (`openAsBlob`).
 */
export async function referenceImages(): Promise<Blob[]> {
  const jpeg = (width: number, background: string) =>
    sharp({ create: { width, height: 48, channels: 3, background } })
      .jpeg()
      .toBuffer();
  return [new Blob([await jpeg(64, "#d4a373")]), new Blob([await jpeg(80, "#264653")])];
}

/** A text-to-image Kanvas request; `over` replaces any field. */
export function kanvasRequest(over: Partial<KanvasRequest> = {}): KanvasRequest {
  return {
    mode: "text2image",
    prompt: "a lighthouse on a cliff at dusk, oil painting",
    negativePrompt: "blurry, text",
    aspectRatio: "16:9",
    seed: 1001,
    images: [],
    signal: new AbortController().signal,
    ...over,
  };
}
