import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Island } from "@/components/island";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { CategoryTabs } from "./category-tabs";

/** Category tabs of samples (professional, creative, cartoon, cultural) and a link to all. */
export function CategorySamples() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col items-center gap-6">
      <Island name="landing-categories" component={CategoryTabs} props={{}} />
      <Button asChild variant="outline">
        <Link to="/eksplor">
          {t("landing.categories.seeAll")}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}
