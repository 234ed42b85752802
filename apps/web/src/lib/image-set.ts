import type { ImageSet } from "@rupa/shared";

/** The card rendition's size; the full one is twice as wide and tall. */
export const CARD_SIZE = { width: 300, height: 375 } as const;

/**
 * A preview's two WebP renditions as a srcset (the card, 300 px wide, and the full, 600 px):
 * with `sizes`, the browser downloads the smaller one that still fills the image on its screen.
 */
export function imageSetSrcSet(image: ImageSet): string {
  return image.card === image.full
    ? `${image.card} ${CARD_SIZE.width}w`
    : `${image.card} ${CARD_SIZE.width}w, ${image.full} ${CARD_SIZE.width * 2}w`;
}

/**
 * How a preview loads: "high" is the page's main image (eager, fetched first); "eager" is above
 * the fold; "lazy" loads as it nears the screen; "low" lazily, and behind everything else even
 * on screen (decoration).
 */
export type ImagePriority = "high" | "eager" | "lazy" | "low";

/**
 * The `<img>` attributes of a preview at 4:5: the card rendition, or with `sizes` a srcset of
 * both; its width and height set, so nothing shifts while it loads.
 */
export function previewImageProps(
  image: ImageSet,
  { sizes, priority = "lazy" }: { sizes?: string; priority?: ImagePriority } = {},
) {
  return {
    src: image.card,
    ...(sizes ? { srcSet: imageSetSrcSet(image), sizes } : {}),
    width: CARD_SIZE.width,
    height: CARD_SIZE.height,
    loading: priority === "lazy" || priority === "low" ? ("lazy" as const) : ("eager" as const),
    decoding: "async" as const,
    ...(priority === "high" || priority === "low" ? { fetchPriority: priority } : {}),
  };
}

/**
 * How wide the places that show a preview large do so (CSS px, on 360-1280 px screens): the
 * `sizes` their srcset is chosen with. Grids and the hero's tiles (96-270 px) show the card
 * rendition alone: at most 300 px, never larger than it is shown on a phone, and on mobile data
 * a sharper full rendition for a 2x-3x screen would cost three times the bytes of a page that is
 * mostly such tiles.
 */
export const PREVIEW_SIZES = {
  /** The carousel's two pictures side by side in a 2xl column. */
  carousel: "(min-width: 704px) 330px, 50vw",
  /** The style dialog's picture: 17rem on phones, half the dialog from 768 px. */
  dialog: "(min-width: 768px) 320px, 272px",
} as const;
