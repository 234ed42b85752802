import { PageHeader } from "@/components/page-header";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export type TitledPage =
  | "home"
  | "eksplor"
  | "generator"
  | "kanvas"
  | "gallery"
  | "credits"
  | "billing"
  | "auth"
  | "feedback"
  | "faq"
  | "terms"
  | "privacy"
  | "policies";

/**
 * A page whose content arrives with a later issue: its translated title, SEO tags and the
 * navigation around it, nothing else. Replace the route file's body when building the page.
 */
export function TitleOnlyPage({ page, seoTitle }: { page: TitledPage; seoTitle?: string }) {
  const { t } = useI18n();
  const title = t(`pages.${page}.title`);
  useSeo({ title: seoTitle ?? title, description: t(`pages.${page}.description`) });
  return <PageHeader title={title} />;
}
