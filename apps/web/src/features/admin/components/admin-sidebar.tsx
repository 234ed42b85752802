import { ArrowLeft } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { LogoMark } from "@/components/logo";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "@/components/ui/sidebar";
import { useI18n } from "@/lib/i18n";
import { ADMIN_SECTIONS, type AdminSection } from "@rupa/shared/web-pages";
import { ADMIN_SECTION_ICONS, adminSectionHref } from "../admin-sections";

/** The admin area's collapsible sidebar: one entry per section, and a way back to the app. */
export function AdminSidebar({ active }: { active: AdminSection | null }) {
  const { t } = useI18n();
  const { setOpenMobile } = useSidebar();
  const close = () => setOpenMobile(false);

  return (
    <Sidebar label={t("admin.sidebarLabel")} closeLabel={t("admin.closeSidebar")}>
      <SidebarHeader className="h-16 justify-center border-b border-sidebar-border">
        <PageLink
          href="/admin"
          onClick={close}
          className="flex items-center gap-2.5 overflow-hidden rounded-xl px-1.5 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:px-0"
        >
          <LogoMark className="size-8" />
          <span className="flex min-w-0 flex-col leading-tight group-data-[collapsible=icon]:sr-only">
            <span className="truncate text-base font-extrabold tracking-tight">
              {t("app.name")}
            </span>
            <span className="truncate text-xs font-medium text-muted-foreground">
              {t("admin.panelTitle")}
            </span>
          </span>
        </PageLink>
      </SidebarHeader>

      <SidebarContent>
        <SidebarGroup>
          <nav aria-label={t("admin.navLabel")}>
            <SidebarMenu>
              {ADMIN_SECTIONS.map((section) => {
                const Icon = ADMIN_SECTION_ICONS[section];
                const label = t(`admin.sections.${section}`);
                const isActive = section === active;
                return (
                  <SidebarMenuItem key={section}>
                    <SidebarMenuButton asChild isActive={isActive} tooltip={label}>
                      <PageLink
                        href={adminSectionHref(section)}
                        aria-current={isActive ? "page" : undefined}
                        onClick={close}
                      >
                        <Icon aria-hidden />
                        <span>{label}</span>
                      </PageLink>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>

      <SidebarFooter className="border-t border-sidebar-border">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip={t("admin.backToApp")}>
              <PageLink href="/eksplor">
                <ArrowLeft aria-hidden />
                <span>{t("admin.backToApp")}</span>
              </PageLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail title={t("admin.toggleSidebar")} />
    </Sidebar>
  );
}
