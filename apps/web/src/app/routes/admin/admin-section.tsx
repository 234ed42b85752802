import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { useParams } from "@/lib/router";
import { Spinner } from "@/components/ui/spinner";
import type { AdminSection } from "@rupa/shared/web-pages";
import { adminSectionFromParam } from "@/features/admin/admin-sections";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { NotFoundContent } from "../not-found-content";

/** Each section's page is its own chunk: opening the dashboard does not download the styles editor. */
const SECTION_PAGES: Record<
  AdminSection,
  LazyExoticComponent<ComponentType<{ section: AdminSection }>>
> = {
  dashboard: lazy(() => import("@/features/admin/dashboard/dashboard-page")),
  users: lazy(() => import("@/features/admin/users/users-page")),
  payments: lazy(() => import("@/features/admin/payments/payments-page")),
  uploads: lazy(() => import("@/features/admin/uploads/uploads-page")),
  styles: lazy(() => import("@/features/admin/styles/styles-page")),
  analytics: lazy(() => import("@/features/admin/analytics/analytics-page")),
  "custom-profession": lazy(
    () => import("@/features/admin/custom-profession/custom-profession-page"),
  ),
  "banned-keywords": lazy(() => import("@/features/admin/banned-keywords/banned-keywords-page")),
  feedback: lazy(() => import("@/features/admin/feedback/feedback-page")),
  audit: lazy(() => import("@/features/admin/audit/audit-page")),
  // The "content" section shows the referrals view (docs/product/admin.md).
  content: lazy(() => import("@/features/admin/referrals/referrals-page")),
  referrals: lazy(() => import("@/features/admin/referrals/referrals-page")),
  "ai-settings": lazy(() => import("@/features/admin/ai-settings/ai-settings-page")),
  system: lazy(() => import("@/features/admin/system/system-page")),
  security: lazy(() => import("@/features/admin/security/security-page")),
};

function useSectionSeo(section: AdminSection) {
  const { t } = useI18n();
  useSeo({
    title: `${t(`admin.sections.${section}`)} · ${t("admin.panelTitle")}`,
    description: t("admin.description"),
    noindex: true,
  });
}

function SectionLoading() {
  const { t } = useI18n();
  return (
    <div role="status" className="flex items-center gap-2 py-10 text-sm text-muted-foreground">
      <Spinner className="size-5 text-primary" />
      {t("admin.checkingAccess")}
    </div>
  );
}

function SectionPage({ section }: { section: AdminSection }) {
  useSectionSeo(section);
  const Page = SECTION_PAGES[section];
  return (
    <Suspense fallback={<SectionLoading />}>
      <Page section={section} />
    </Suspense>
  );
}

/** /admin (dashboard) and /admin/:section; an unknown section is a 404. */
export default function AdminSectionRoute() {
  const { section: param } = useParams();
  const section = adminSectionFromParam(param);
  if (!section) return <NotFoundContent />;
  return <SectionPage key={section} section={section} />;
}
