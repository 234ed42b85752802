import { Outlet, useParams } from "react-router";
import { LanguageToggle } from "@/components/language-toggle";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { adminSectionFromParam } from "@/features/admin/admin-sections";
import { AdminSidebar } from "@/features/admin/components/admin-sidebar";
import { useI18n } from "@/lib/i18n";
import { SkipLink } from "./skip-link";

// Role checks come from the server in a later issue; this layout only arranges the screen.
export default function AdminLayout() {
  const { t } = useI18n();
  const { section } = useParams();
  const active = adminSectionFromParam(section);

  return (
    <SidebarProvider>
      <SkipLink />
      <AdminSidebar active={active} />
      <SidebarInset>
        <header className="pt-safe sticky top-0 z-20 border-b border-border/70 bg-background/90 backdrop-blur-md">
          <div className="flex h-16 items-center gap-2 px-2 md:px-4">
            <SidebarTrigger aria-label={t("admin.toggleSidebar")} />
            <span aria-hidden className="h-6 w-px bg-border" />
            <p className="ml-1 truncate text-base font-bold tracking-tight">
              {t("admin.panelTitle")}
            </p>
            <LanguageToggle className="ml-auto" />
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="pb-safe flex w-full flex-1 flex-col px-4 py-6 outline-none md:px-8 md:py-8"
        >
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
