import { LIMITS } from "@rupa/shared";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { photoErrors } from "../infra/images/photo-pipeline";
import { AppError } from "../lib/errors";

/**
 * A photo sent as multipart (field `photo`), as the upload and the free pas foto checker take
 * it: the body is cut off past the photo limit plus room for the form's own parts…
 */
export const photoBodyLimit = () =>
  bodyLimit({
    maxSize: LIMITS.uploadMaxBytes + 512 * 1024,
    onError: () => {
      throw photoErrors.tooLarge();
    },
  });

/** …and read: 415 when it is not multipart, 400 when the photo is missing or empty, 413 too big. */
export async function readPhotoField(c: Context): Promise<Buffer> {
  if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", 415, "Send the photo as multipart/form-data");
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw photoErrors.missing();
  }
  const file = form.get("photo");
  if (!(file instanceof File) || file.size === 0) throw photoErrors.missing();
  if (file.size > LIMITS.uploadMaxBytes) throw photoErrors.tooLarge();
  return Buffer.from(await file.arrayBuffer());
}
