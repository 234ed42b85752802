import { Sparkles } from "lucide-react";
import type { ReactNode, Ref } from "react";
import type { Likeness, Picture } from "@rupa/shared";
import { LikenessNote } from "@/components/likeness-note";
import { PICTURE_SIZES, pictureImageProps } from "@/lib/picture-image";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** A finished avatar on the generator: picture, heading, the watermark badge, then `children`. */
export function ResultCard({
  id,
  picture,
  alt,
  heading,
  hasWatermark,
  likeness,
  sectionRef,
  align,
  children,
}: {
  id: string;
  picture: Picture;
  alt: string;
  heading: string;
  hasWatermark: boolean;
  /** Garansi Mirip's score and what happened (nothing shows for a style not checked). */
  likeness: Likeness;
  sectionRef?: Ref<HTMLElement>;
  /** "start": the text column may be taller than the picture (the member's actions). */
  align: "center" | "start";
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section
      ref={sectionRef}
      aria-labelledby={id}
      className={cn(
        "flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-soft sm:flex-row sm:p-6",
        align === "start" ? "sm:items-start" : "sm:items-center",
      )}
    >
      <img
        {...pictureImageProps(picture, PICTURE_SIZES.result)}
        alt={alt}
        className={cn(
          "w-full max-w-xs self-center rounded-xl border sm:w-56",
          align === "start" && "sm:self-start",
        )}
      />
      <div className={cn("flex flex-col gap-3", align === "start" && "min-w-0 flex-1")}>
        <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
          <Sparkles aria-hidden className="size-5 text-primary" />
          {heading}
        </h2>
        {hasWatermark ? (
          <p className="w-fit rounded-full bg-muted px-3 py-1 text-xs font-semibold">
            {t("generator.result.watermark")}
          </p>
        ) : null}
        <LikenessNote likeness={likeness} />
        {children}
      </div>
    </section>
  );
}
