import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/ui/spinner";
import { adminSectionFromParam, type AdminSection } from "@/features/admin/admin-sections";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { NotFoundContent } from "../not-found-content";

/** Each section's page is its own chunk: opening the dashboard does not download the styles editor. */
const SECTION_PAGES: Partial<Record<AdminSection, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import("@/features/admin/sections/dashboard-page")),
  users: lazy(() => import("@/features/admin/sections/users-page")),
  uploads: lazy(() => import("@/features/admin/sections/uploads-page")),
  styles: lazy(() => import("@/features/admin/sections/styles-page")),
  analytics: lazy(() => import("@/features/admin/sections/analytics-page")),
  audit: lazy(() => import("@/features/admin/sections/audit-page")),
};

function useSectionSeo(section: AdminSection) {
  const { t } = useI18n();
  useSeo({
    title: `${t(`admin.sections.${section}`)} · ${t("admin.panelTitle")}`,
    description: t("admin.description"),
    noindex: true,
  });
}

/** Sections whose pages come with issue 14 (custom professions, referrals, AI, system…). */
function TitleOnlySection({ section }: { section: AdminSection }) {
  const { t } = useI18n();
  return <PageHeader title={t(`admin.sections.${section}`)} />;
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
  if (!Page) return <TitleOnlySection key={section} section={section} />;
  return (
    <Suspense fallback={<SectionLoading />}>
      <Page />
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
