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
 * How wide each place shows a preview (CSS px), from its layout on 360-1280 px screens: the
 * `sizes` attribute the srcset is chosen with.
 */
export const PREVIEW_SIZES = {
  /** The landing hero's moving tiles: w-24, sm:w-28, lg:w-32. */
  heroTile: "(min-width: 1024px) 128px, (min-width: 640px) 112px, 96px",
  /** Two columns, four from 640 px, in the 6xl container. */
  categoryGrid: "(min-width: 1152px) 270px, (min-width: 640px) 25vw, 50vw",
  /** The carousel's two pictures side by side in a 2xl column. */
  carousel: "(min-width: 704px) 330px, 50vw",
  /** The explore grid: two columns, three from 640 px, four from 1024 px beside the sidebar. */
  exploreGrid: "(min-width: 1024px) 256px, (min-width: 640px) 33vw, 50vw",
  /** The style dialog's picture: 17rem on phones, half the dialog from 768 px. */
  dialog: "(min-width: 768px) 320px, 272px",
} as const;
