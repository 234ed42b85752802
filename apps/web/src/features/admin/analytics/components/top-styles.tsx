import type { TopStyle } from "@rupa/shared";
import { formatNumber } from "@/lib/format";
import { useAdminI18n } from "../../lib/admin-i18n";

/** "#1 Astronot — 12 generasi", with a bar scaled to the first style's count. */
export function TopStylesList({ styles, emptyText }: { styles: TopStyle[]; emptyText: string }) {
  const { t, lang } = useAdminI18n();
  if (styles.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  const max = styles[0]?.count ?? 1;
  return (
    <ol className="flex flex-col gap-3" data-testid="top-styles">
      {styles.map((s) => (
        <li key={s.styleId} className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">
              {t("analytics.topStyles.line", {
                rank: s.rank,
                name: lang === "id" ? s.nameId : s.name,
              })}
            </span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {t("analytics.topStyles.count", { count: formatNumber(s.count, lang) })}
            </span>
          </div>
          <span aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
            <span
              className="block h-full rounded-full bg-primary"
              style={{ width: `${(s.count / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}
