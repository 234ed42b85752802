import type { ImageSet } from "@rupa/shared";
import { previewImageProps, type ImagePriority } from "@/lib/image-set";
import { cn } from "@/lib/utils";

/**
 * A 4:5 sample picture (lib/image-set's previewImageProps), or a soft gradient tile while the
 * preview is still being drawn.
 */
export function SampleImage({
  image,
  alt,
  sizes,
  priority,
  className,
}: {
  image: ImageSet | null;
  alt: string;
  /** For a large picture: how wide it is shown (PREVIEW_SIZES); the card alone without. */
  sizes?: string;
  priority?: ImagePriority;
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
          {...previewImageProps(image, { sizes, priority })}
          alt={alt}
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </div>
  );
}
