import { ImageOff } from "lucide-react";
import type { DashboardResult } from "@rupa/shared";
import { formatDateTime } from "../../lib/format-date-time";
import { useAdminI18n } from "../../lib/admin-i18n";

/** The newest results as a grid of thumbnails with their style, owner and time. */
export function RecentResults({ results }: { results: DashboardResult[] }) {
  const { t, lang } = useAdminI18n();
  if (results.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("dashboard.recent.empty")}</p>;
  }
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6"
      data-testid="recent-results"
    >
      {results.map((r) => {
        const style = r.style
          ? lang === "id"
            ? r.style.nameId
            : r.style.name
          : t("dashboard.recent.deletedStyle");
        const owner = r.ownerEmail ?? t("dashboard.recent.guest");
        return (
          <li key={r.id} className="flex min-w-0 flex-col gap-1.5">
            <a
              href={r.imageUrl}
              target="_blank"
              rel="noreferrer"
              aria-label={t("dashboard.recent.open", { style, owner })}
              className="block aspect-square overflow-hidden rounded-xl bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              {r.thumbUrl || r.imageUrl ? (
                <img
                  src={r.thumbUrl ?? r.imageUrl}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover transition-transform hover:scale-105 motion-reduce:transition-none"
                />
              ) : (
                <ImageOff aria-hidden className="m-auto size-6 text-muted-foreground" />
              )}
            </a>
            <div className="flex min-w-0 flex-col text-xs">
              <span className="truncate font-semibold">{style}</span>
              <span className="truncate text-muted-foreground">{owner}</span>
              <time dateTime={r.createdAt} className="text-muted-foreground tabular-nums">
                {formatDateTime(r.createdAt, lang)}
              </time>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
