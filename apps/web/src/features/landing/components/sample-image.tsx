import type { ImageSet } from "@rupa/shared";
import { CARD_SIZE, imageSetSrcSet } from "@/lib/image-set";
import { cn } from "@/lib/utils";

/**
 * A 4:5 sample picture (WebP; the rendition that fills `sizes` on this screen, width and height
 * set so nothing shifts), or a soft gradient tile while the preview is still being drawn.
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
  /** How wide the picture is shown (the `sizes` attribute, see PREVIEW_SIZES). */
  sizes: string;
  priority?: "high" | "eager" | "lazy";
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
          srcSet={imageSetSrcSet(image)}
          sizes={sizes}
          alt={alt}
          width={CARD_SIZE.width}
          height={CARD_SIZE.height}
          loading={priority === "lazy" ? "lazy" : "eager"}
          decoding="async"
          {...(priority === "high" ? { fetchPriority: "high" as const } : {})}
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </div>
  );
}
