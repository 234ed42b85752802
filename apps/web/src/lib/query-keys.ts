import type { StyleSort } from "@rupa/shared";
import type { Lang } from "./i18n-core";

/**
 * Every query key of the app, in one place: each cached server answer has one owner here, and an
 * invalidation names the same key the query was read with. A key that starts another key is its
 * group (`queryKeys.gallery.all` covers every gallery list and the active generations).
 * Exception: the payments keys live in features/payments/api/payments.ts (`paymentKeys`), because
 * this file is part of the shell chunk every page downloads and payments code loads only on
 * /credits and /billing.
 */
export const queryKeys = {
  me: ["me"] as const,
  guestTrial: ["guest-trial"] as const,
  accountProviders: ["account", "providers"] as const,
  referralStats: ["referrals", "me"] as const,
  legalContent: (lang: Lang) => ["legal-content", lang] as const,
  styles: {
    /** Every list of styles, in whatever order (the group of `list`). */
    lists: ["styles", "list"] as const,
    /** A-Z depends on the language; the other orders do not ("any"). */
    list: (sort: StyleSort, lang: Lang | "any") => ["styles", "list", sort, lang] as const,
    detail: (id: string) => ["styles", "detail", id] as const,
    summary: ["styles", "summary"] as const,
    /** The landing's samples: styles cut down to what it shows (not a list: see landing hooks). */
    samples: ["styles", "samples"] as const,
  },
  gallery: {
    all: ["gallery"] as const,
    list: (filters: { search: string; styleId: string | null; sort: string }) =>
      ["gallery", "list", filters] as const,
    active: ["gallery", "active"] as const,
    /** The style filter's choices with counts (read again with every list). */
    styles: ["gallery", "styles"] as const,
  },
  /**
   * The caller's newest photo still kept (the generator's "use the last photo"), a member's or a
   * guest session's: the one never shows as the other's after signing in.
   */
  latestUpload: {
    all: ["uploads", "latest"] as const,
    /** "member", or the guest's upload id the browser remembers. */
    of: (who: string) => ["uploads", "latest", who] as const,
  },
  customFigure: (variant: string) => ["custom-figure", variant] as const,
  kanvas: {
    runs: ["kanvas", "runs"] as const,
  },
} as const;
