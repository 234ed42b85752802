import { Images } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/** "Open the gallery" under a member's results: a pas foto, or a set. */
export function OpenGalleryLink() {
  const { t } = useI18n();
  return (
    <Button asChild variant="secondary" className="w-full sm:w-fit">
      <PageLink href="/gallery">
        <Images aria-hidden />
        {t("generator.memberResult.openGallery")}
      </PageLink>
    </Button>
  );
}
