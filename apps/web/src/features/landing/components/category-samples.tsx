import { ArrowLinkButton } from "@/components/arrow-link-button";
import { Island } from "@/components/island";
import { useI18n } from "@/lib/i18n";
import { CategoryTabs } from "./category-tabs";

/** Category tabs of samples (professional, creative, cartoon, cultural) and a link to all. */
export function CategorySamples() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col items-center gap-6">
      <Island name="landing-categories" component={CategoryTabs} props={{}} />
      <ArrowLinkButton to="/eksplor" variant="outline">
        {t("landing.categories.seeAll")}
      </ArrowLinkButton>
    </div>
  );
}
