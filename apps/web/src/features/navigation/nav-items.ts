import {
  Clapperboard,
  Compass,
  CreditCard,
  Images,
  MessageSquare,
  Palette,
  type LucideIcon,
} from "lucide-react";
import type { MessageKey } from "@/lib/i18n";

export type MainNavId = "eksplor" | "kanvas" | "img2vid" | "gallery";

export type NavEntry<Id extends string = string> = {
  id: Id;
  href: string;
  labelKey: MessageKey;
  icon: LucideIcon;
};

/** The four main entries, in the order of docs/product/catalogue.md. */
export const MAIN_NAV: readonly NavEntry<MainNavId>[] = [
  { id: "eksplor", href: "/eksplor", labelKey: "nav.eksplor", icon: Compass },
  { id: "kanvas", href: "/kanvas", labelKey: "nav.kanvas", icon: Palette },
  { id: "img2vid", href: "/img2vid", labelKey: "nav.img2vid", icon: Clapperboard },
  { id: "gallery", href: "/gallery", labelKey: "nav.gallery", icon: Images },
];

/** Links under the main entries (sidebar bottom, Setting dropdown); Keluar is added beside them. */
export const ACCOUNT_NAV: readonly NavEntry<"feedback" | "billing">[] = [
  { id: "feedback", href: "/feedback", labelKey: "nav.feedback", icon: MessageSquare },
  { id: "billing", href: "/billing", labelKey: "nav.billing", icon: CreditCard },
];

/**
 * The highlighted main entry for a path (docs/product/catalogue.md): /gallery is the profile entry,
 * /kanvas and /img2vid are their own, and every other page counts as explore.
 */
export function getActiveNavEntry(pathname: string): MainNavId {
  const segment = pathname.split("/")[1]?.toLowerCase() ?? "";
  if (segment === "gallery") return "gallery";
  if (segment === "kanvas") return "kanvas";
  if (segment === "img2vid") return "img2vid";
  return "eksplor";
}
