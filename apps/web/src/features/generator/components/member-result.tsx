import type { GalleryItem, Picture } from "@rupa/shared";
import { PasFotoDownload } from "@/components/pas-foto-download";
import { RemoveWatermark } from "@/components/remove-watermark";
import { useI18n } from "@/lib/i18n";
import { useBringIntoView } from "../hooks/use-bring-into-view";
import { OpenGalleryLink } from "./open-gallery-link";
import { ResultCard } from "./result-card";

/**
 * A member's finished pas foto below the form, with its download in the sizes SSCASN takes, or
 * the removal of its watermark first. The page loads it when the first result shows.
 */
export function MemberResult({
  picture,
  alt,
  onRemoved,
}: {
  /** The generation's result, or the gallery's item once cleaned. */
  picture: Picture & Pick<GalleryItem, "id" | "hasWatermark" | "likeness">;
  alt: string;
  /** The same result without its watermark (new addresses). */
  onRemoved: (cleaned: GalleryItem) => void;
}) {
  const { t } = useI18n();
  // It appears below the form: bring it into view once.
  const sectionRef = useBringIntoView<HTMLElement>(picture.id, "center");
  return (
    <ResultCard
      id="member-result"
      sectionRef={sectionRef}
      picture={picture}
      alt={alt}
      heading={t("generator.memberResult.heading")}
      hasWatermark={picture.hasWatermark}
      likeness={picture.likeness}
      align="start"
    >
      {/* SSCASN refuses a watermarked pas foto: its removal is offered instead. */}
      {picture.hasWatermark ? (
        <RemoveWatermark
          kind="avatar"
          id={picture.id}
          pasFoto
          onRemoved={onRemoved}
          className="sm:max-w-sm"
        />
      ) : (
        <PasFotoDownload avatarId={picture.id} className="sm:max-w-sm" />
      )}
      <p className="text-sm text-muted-foreground">{t("generator.memberResult.body")}</p>
      <OpenGalleryLink />
    </ResultCard>
  );
}
