import sharp from "sharp";
import {
  judgePasFoto,
  type Language,
  type PasFotoBackground,
  type PasFotoCheck,
  type PasFotoMeasures,
} from "@rupa/shared";
import { type FaceDetector, faceDetector } from "../../infra/images/face-detector";
import { measurePasFoto } from "../../infra/images/pas-foto-check";
import { admitPhoto, decodePixels, inDecodeSlot } from "../../infra/images/photo-pipeline";
import { AppError } from "../../lib/errors";

export const pasFotoCheckErrors = {
  noFace: () =>
    new AppError(
      "pas_foto_no_face",
      422,
      "No face is seen in this photo: send a pas foto, facing the camera",
    ),
  manyFaces: (faces: number) =>
    new AppError(
      "pas_foto_many_faces",
      422,
      `${faces} faces are seen in this photo: a pas foto shows one person`,
    ),
  unavailable: () =>
    new AppError(
      "pas_foto_check_unavailable",
      503,
      "The pas foto check cannot run right now. Please try again in a minute.",
      undefined,
      { "Retry-After": "30" },
    ),
};

/**
 * The free SSCASN checker (/cek-pas-foto): any photo, from anyone, measured in memory as the
 * pas foto export measures its own files (infra/images/pas-foto-check.ts) and judged by the same
 * rules (packages/shared/src/pas-foto.ts). Nothing is stored or logged of the photo. A photo the
 * rules cannot be measured on (no face, or several) is refused with 422; a bomb, a broken file
 * or not an image as an upload is (photo-pipeline.ts).
 */
export function createPasFotoService(d: { detector?: FaceDetector } = {}) {
  return {
    async check(
      bytes: Buffer,
      o: { background: PasFotoBackground; lang: Language },
    ): Promise<PasFotoCheck> {
      const type = await admitPhoto(bytes);
      const measures = await inDecodeSlot(async (): Promise<PasFotoMeasures> => {
        const [{ data, info }, meta] = await Promise.all([
          decodePixels(bytes, type),
          type === "heic" ? Promise.resolve(null) : sharp(bytes).metadata(),
        ]);
        try {
          return await measurePasFoto(
            {
              bytes,
              format: type,
              pixels: data,
              width: info.width,
              height: info.height,
              dpi: meta?.density ?? null,
            },
            d.detector ?? faceDetector(),
          );
        } catch {
          // The detector is busy, restarting or broken: not the photo's fault.
          throw pasFotoCheckErrors.unavailable();
        }
      });
      if (measures.faces === 0) throw pasFotoCheckErrors.noFace();
      if (measures.faces > 1) throw pasFotoCheckErrors.manyFaces(measures.faces);
      return judgePasFoto(measures, o);
    },
  };
}
export type PasFotoService = ReturnType<typeof createPasFotoService>;
