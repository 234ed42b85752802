import type { ImageSet, StyleCategory } from "@rupa/shared";
import { ImageIcon } from "lucide-react";
import { useState } from "react";
import { previewImageProps, type ImagePriority } from "@/lib/image-set";
import { cn } from "@/lib/utils";

/** A soft gradient per group, so a style without a preview still looks intentional. */
const PLACEHOLDER_TONE: Record<StyleCategory, string> = {
  cartoon: "from-sky-100 via-violet-100 to-pink-100",
  profesi_collectibles: "from-amber-100 via-orange-100 to-rose-100",
  formal_cv_cpns: "from-slate-100 via-blue-100 to-indigo-100",
  pop_culture: "from-fuchsia-100 via-pink-100 to-orange-100",
  time_machine: "from-stone-100 via-amber-100 to-yellow-100",
  hijab_style: "from-emerald-100 via-teal-100 to-cyan-100",
  jadul_nostalgia: "from-orange-100 via-amber-100 to-stone-200",
  more_styles: "from-violet-100 via-indigo-100 to-sky-100",
};

/**
 * A style's picture at 4:5 (lib/image-set's previewImageProps). Without an image, or when it
 * fails to load, a placeholder with `placeholderLabel` stands in.
 */
export function StyleImage({
  image,
  alt,
  category,
  sizes,
  priority,
  placeholderLabel,
  className,
}: {
  image: ImageSet | null;
  alt: string;
  category: StyleCategory;
  /** For a large picture: how wide it is shown (PREVIEW_SIZES); the card alone without. */
  sizes?: string;
  priority?: ImagePriority;
  placeholderLabel?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = image ? image.card : null;
  const showImage = image !== null && src !== null && failed !== src;
  return (
    <div
      data-slot="style-image"
      className={cn(
        "relative aspect-[4/5] w-full overflow-hidden bg-gradient-to-br",
        PLACEHOLDER_TONE[category],
        className,
      )}
    >
      {showImage ? (
        <img
          {...previewImageProps(image, { sizes, priority })}
          alt={alt}
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-muted-foreground">
          <ImageIcon aria-hidden className="size-8 opacity-60" />
          {placeholderLabel ? (
            <span className="text-xs font-medium text-balance">{placeholderLabel}</span>
          ) : null}
        </div>
      )}
    </div>
  );
}
