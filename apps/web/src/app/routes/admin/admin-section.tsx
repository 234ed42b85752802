import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { adminSectionFromParam, type AdminSection } from "@/features/admin/admin-sections";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { NotFoundContent } from "../not-found-content";

function AdminSectionPage({ section }: { section: AdminSection }) {
  const { t } = useI18n();
  const title = t(`admin.sections.${section}`);
  useSeo({
    title: `${title} · ${t("admin.panelTitle")}`,
    description: t("admin.description"),
    noindex: true,
  });
  return <PageHeader title={title} />;
}

/** /admin (dashboard) and /admin/:section; an unknown section is a 404. */
export default function AdminSectionRoute() {
  const { section: param } = useParams();
  const section = adminSectionFromParam(param);
  if (!section) return <NotFoundContent />;
  return <AdminSectionPage key={section} section={section} />;
}
