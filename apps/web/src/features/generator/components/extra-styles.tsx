import { Check, Crown, Palette, Plus, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { PAS_FOTO_CATEGORY } from "@rupa/shared/constants";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/i18n";
import { getRecentStyles, type StoredStyle } from "@/lib/selected-style";
import { type StyleSummary, useStyles } from "@/lib/styles-api";
import { cn } from "@/lib/utils";
import { EXTRA_STYLES_MAX } from "../hooks/use-extra-styles";

/** How many styles a search shows. */
const MATCHES_MAX = 6;

/**
 * More styles to make from the same photo at once (members): the recently used ones, or any
 * style found by name, up to 4 besides the chosen one (docs/product/generator.md).
 */
export function ExtraStyles({
  chosenId,
  extras,
  full,
  disabled,
  onToggle,
}: {
  chosenId: string;
  extras: StoredStyle[];
  full: boolean;
  disabled: boolean;
  onToggle: (style: StoredStyle) => void;
}) {
  const { t, lang } = useI18n();
  const headingId = useId();
  const [query, setQuery] = useState("");
  const [recent] = useState(() => getRecentStyles());
  const q = query.trim().toLowerCase();
  const styles = useStyles("featured", lang);
  const stored = (s: StyleSummary): StoredStyle => ({
    id: s.id,
    name: lang === "id" ? s.nameId : s.name,
    imageUrl: s.preview?.card ?? null,
    isPremium: s.isPremium,
  });
  const matches = useMemo(
    () =>
      q.length < 2
        ? []
        : (styles.data ?? [])
            // A pas foto is made alone, with its background (the server refuses it in a set).
            .filter((s) => s.category !== PAS_FOTO_CATEGORY)
            .filter((s) => s.name.toLowerCase().includes(q) || s.nameId.toLowerCase().includes(q))
            .slice(0, MATCHES_MAX),
    [q, styles.data],
  );
  // The ones added first, then the search's or the recent ones; never the chosen style.
  const shown: StoredStyle[] = [];
  const seen = new Set([chosenId]);
  for (const s of [...extras, ...(q.length >= 2 ? matches.map(stored) : recent)]) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    shown.push(s);
  }
  const picked = new Set(extras.map((s) => s.id));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-bold">
          {t("generator.batch.heading")}
        </h2>
        <span className="text-xs text-muted-foreground">
          {t("generator.batch.count", { count: extras.length, max: EXTRA_STYLES_MAX })}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {t("generator.batch.hint", { max: EXTRA_STYLES_MAX })}
      </p>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("generator.batch.searchPlaceholder")}
          aria-label={t("generator.batch.searchLabel")}
          className="pl-9"
          disabled={disabled}
        />
      </div>
      {shown.length > 0 ? (
        <ul aria-label={t("generator.batch.listLabel")} className="flex flex-col gap-2">
          {shown.map((s) => {
            const on = picked.has(s.id);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  disabled={disabled || (!on && full)}
                  onClick={() => onToggle(s)}
                  className={cn(
                    "flex min-h-12 w-full items-center gap-3 rounded-xl border p-2 text-left text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50",
                    on ? "border-primary bg-primary-soft" : "hover:bg-muted",
                  )}
                >
                  <span className="relative size-10 shrink-0 overflow-hidden rounded-lg bg-primary-soft">
                    {s.imageUrl ? (
                      <img src={s.imageUrl} alt="" className="size-full object-cover" />
                    ) : (
                      <Palette
                        aria-hidden
                        className="absolute inset-0 m-auto size-5 text-primary"
                      />
                    )}
                  </span>
                  <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                    {s.name}
                  </span>
                  {s.isPremium ? (
                    <Crown
                      aria-label={t("generator.style.premium")}
                      className="size-4 shrink-0 text-accent-soft-foreground"
                    />
                  ) : null}
                  {on ? (
                    <Check aria-hidden className="size-5 shrink-0 text-primary" />
                  ) : (
                    <Plus aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">
          {q.length >= 2 ? t("generator.batch.noMatch") : t("generator.batch.searchFirst")}
        </p>
      )}
    </section>
  );
}
