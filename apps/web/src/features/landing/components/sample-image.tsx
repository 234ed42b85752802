import type { ImageSet } from "@rupa/shared";
import { CARD_SIZE, imageSetSrcSet } from "@/lib/image-set";
import { cn } from "@/lib/utils";

/**
 * A 4:5 sample picture (WebP: the card, or with `sizes` the rendition that fills it on this
 * screen; width and height set so nothing shifts), or a soft gradient tile while the preview is still being drawn.
 */
export function SampleImage({
  image,
  alt,
  sizes,
  priority = "lazy",
  className,
}: {
  image: ImageSet | null;
  alt: string;
  /** For a large picture: how wide it is shown (PREVIEW_SIZES); the card alone without. */
  sizes?: string;
  /** "low": lazy, and fetched after everything else even when on screen (decoration). */
  priority?: "high" | "eager" | "lazy" | "low";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "relative aspect-[4/5] overflow-hidden bg-gradient-to-br from-primary-soft via-secondary to-accent-soft",
        className,
      )}
    >
      {image ? (
        <img
          src={image.card}
          {...(sizes ? { srcSet: imageSetSrcSet(image), sizes } : {})}
          alt={alt}
          width={CARD_SIZE.width}
          height={CARD_SIZE.height}
          loading={priority === "lazy" || priority === "low" ? "lazy" : "eager"}
          decoding="async"
          {...(priority === "high" || priority === "low" ? { fetchPriority: priority } : {})}
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </div>
  );
}
