import type { ImageSet } from "@rupa/shared";
import { cn } from "@/lib/utils";

/**
 * A 4:5 sample picture (the 300x375 WebP card rendition, width and height set so nothing
 * shifts), or a soft gradient tile while the preview is still being drawn.
 */
export function SampleImage({
  image,
  alt,
  priority = "lazy",
  size = "card",
  className,
}: {
  image: ImageSet | null;
  alt: string;
  priority?: "high" | "eager" | "lazy";
  size?: "card" | "full";
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
          src={image[size]}
          alt={alt}
          width={size === "card" ? 300 : 600}
          height={size === "card" ? 375 : 750}
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
