import {
  Ban,
  Bot,
  BriefcaseBusiness,
  ChartColumn,
  Coins,
  FileText,
  Gift,
  History,
  LayoutDashboard,
  MessageSquare,
  Palette,
  Server,
  ShieldCheck,
  Upload,
  Users,
  type LucideIcon,
} from "lucide-react";
// The sections, in sidebar order, are declared in @rupa/shared: the server answers 404 for any
// other /admin/<section>.
import { ADMIN_SECTIONS, type AdminSection } from "@rupa/shared/web-pages";

export const ADMIN_SECTION_ICONS: Record<AdminSection, LucideIcon> = {
  dashboard: LayoutDashboard,
  users: Users,
  // Coins is already in the app's first load (the out-of-credits dialog): no bytes added to
  // /admin, whose budget is ADR 041's.
  payments: Coins,
  content: FileText,
  uploads: Upload,
  styles: Palette,
  analytics: ChartColumn,
  "custom-profession": BriefcaseBusiness,
  referrals: Gift,
  "ai-settings": Bot,
  "banned-keywords": Ban,
  feedback: MessageSquare,
  system: Server,
  security: ShieldCheck,
  audit: History,
};

export function isAdminSection(value: unknown): value is AdminSection {
  return typeof value === "string" && (ADMIN_SECTIONS as readonly string[]).includes(value);
}

/** The section a URL shows: /admin -> dashboard, /admin/users -> users, unknown -> null. */
export function adminSectionFromParam(param: string | undefined): AdminSection | null {
  if (param === undefined) return "dashboard";
  return isAdminSection(param) ? param : null;
}

export function adminSectionHref(section: AdminSection): string {
  return section === "dashboard" ? "/admin" : `/admin/${section}`;
}
