import type { Picture } from "@rupa/shared";
import { PICTURE_THUMB_WIDTH } from "@rupa/shared/constants";

// Finished pictures (avatars, Kanvas images), apart from the previews' lib/image-set: the
// landing page's islands load that one, and need none of this.

/**
 * The `<img>` attributes of a finished picture (an avatar or a Kanvas image) shown larger than a
 * grid tile: its WebP, with a srcset of the 384 px thumbnail and the full size so a small
 * picture on a 1x screen takes the thumbnail, and its size set so nothing shifts while it loads.
 * A picture stored before the WebP rendition existed shows its JPEG as it always did.
 */
export function pictureImageProps(picture: Picture, sizes: string) {
  const { displayUrl, thumbUrl, width, height } = picture;
  const srcSet =
    displayUrl && thumbUrl && width && width > PICTURE_THUMB_WIDTH
      ? `${thumbUrl} ${PICTURE_THUMB_WIDTH}w, ${displayUrl} ${width}w`
      : undefined;
  return {
    src: displayUrl ?? picture.imageUrl,
    ...(srcSet ? { srcSet, sizes } : {}),
    ...(width && height ? { width, height } : {}),
    decoding: "async" as const,
  };
}

/**
 * The `sizes` of a dialog's main picture (gallery details, Kanvas preview): as wide as the
 * dialog allows (624 px, or the phone's width less the dialog's margins), but no wider than its
 * height, held to `maxVh` of the screen, allows: a portrait on a laptop is shown about 330 px
 * wide and takes the thumbnail on a 1x screen.
 */
export function dialogPictureSizes(picture: Picture, maxVh: number): string {
  const { width, height } = picture;
  if (!width || !height) return "(min-width: 704px) 624px, calc(100vw - 3rem)";
  const byHeight = `${Math.round((maxVh * width * 100) / height) / 100}vh`;
  return `(min-width: 704px) min(624px, ${byHeight}), min(calc(100vw - 3rem), ${byHeight})`;
}

/**
 * How wide the places that show a finished picture do so (CSS px, on 360-1280 px screens).
 * Grids show the thumbnail alone, as they do previews.
 */
export const PICTURE_SIZES = {
  /** The generator's result: up to 20rem on phones, 14rem beside its text from 640 px. */
  result: "(min-width: 640px) 224px, min(320px, calc(100vw - 4rem))",
  /** Side by side with the uploaded photo (the gallery's before and after). */
  compare: "(min-width: 640px) 352px, calc(50vw - 1.5rem)",
  /** The sign-up offer's small picture. */
  signUp: "(min-width: 640px) 192px, 160px",
} as const;
