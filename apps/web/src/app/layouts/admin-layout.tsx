import { Navigate, Outlet, useParams } from "@/lib/router";
import { LanguageToggle } from "@/components/language-toggle";
import { LogoMark } from "@/components/logo";
import { Spinner } from "@/components/ui/spinner";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { adminSectionFromParam } from "@/features/admin/admin-sections";
import { AdminSidebar } from "@/features/admin/components/admin-sidebar";
import { AdminI18nProvider } from "@/features/admin/lib/admin-i18n";
import { useSession } from "@/features/auth/api/me";
import { useI18n } from "@/lib/i18n";
import { SkipLink } from "./skip-link";

function CheckingAccess() {
  const { t } = useI18n();
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background text-sm text-muted-foreground"
    >
      <LogoMark className="size-12" />
      <span className="flex items-center gap-2">
        <Spinner className="size-5 text-primary" />
        {t("admin.checkingAccess")}
      </span>
    </div>
  );
}

/**
 * The admin area (docs/product/admin.md): a spinner while the role loads; visitors and non-admins
 * go to /. This only hides the screens: the server refuses admin API calls on its own.
 */
export default function AdminLayout() {
  const session = useSession();
  if (session.status === "loading") return <CheckingAccess />;
  if (session.status !== "user" || session.user.role !== "admin")
    return <Navigate to="/" replace />;
  return (
    <AdminI18nProvider fallback={<CheckingAccess />}>
      <AdminShell />
    </AdminI18nProvider>
  );
}

function AdminShell() {
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
