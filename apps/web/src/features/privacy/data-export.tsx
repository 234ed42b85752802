import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useRef } from "react";
import type { AccountExport } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format";
import { useI18n, type Lang } from "@/lib/i18n";
import { toast } from "@/lib/toast";

const EXPORTS_KEY = ["privacy", "exports"] as const;
/** How often the list is asked again while an export is being made. */
const POLL_MS = 2_000;

const when = (iso: string, lang: Lang) =>
  `${formatDate(iso, lang)} ${new Date(iso).toLocaleTimeString(lang === "id" ? "id-ID" : "en-GB", {
    hour: "2-digit",
    minute: "2-digit",
  })}`;

function ExportRow({ e }: { e: AccountExport }) {
  const { t, lang } = useI18n();
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
      data-testid="data-export"
      data-status={e.status}
    >
      <div className="flex min-w-0 flex-col">
        <span>{t("privacy.settings.export.madeOn", { date: when(e.createdAt, lang) })}</span>
        <span className="text-muted-foreground">
          {t(`privacy.settings.export.status.${e.status}`)}
          {e.status === "ready" && e.expiresAt
            ? ` · ${t("privacy.settings.export.until", { date: when(e.expiresAt, lang) })}`
            : ""}
        </span>
      </div>
      {e.downloadUrl ? (
        <Button asChild size="sm" variant="outline">
          <a href={e.downloadUrl} download>
            <Download aria-hidden />
            {t("privacy.settings.export.download")}
          </a>
        </Button>
      ) : null}
    </li>
  );
}

/**
 * "Unduh data saya" (docs/product/privacy.md, Export): ask for a copy of one's data, see it being
 * made (the list is asked again every 2 s while one is pending), download it while it is ready.
 */
export function DataExport() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: ({ signal }) => call(routes.accountExportsList, undefined, { signal }),
    refetchInterval: (q) =>
      q.state.data?.exports.some((e) => e.status === "pending") ? POLL_MS : false,
    refetchIntervalInBackground: false,
  });
  const ask = useMutation({
    mutationFn: () => call(routes.accountExportsCreate),
    onSuccess: () => {
      toast.success(t("privacy.settings.export.requested"));
      void client.invalidateQueries({ queryKey: EXPORTS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, i18n)),
  });
  const exports = list.data?.exports ?? [];
  const pending = exports.some((e) => e.status === "pending");
  // Once one is made, the processing log below has a new line.
  const made = exports
    .filter((e) => e.status === "ready")
    .map((e) => e.id)
    .join();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!list.data) return;
    if (seen.current !== null && seen.current !== made)
      void client.invalidateQueries({ queryKey: ["privacy", "log"] });
    seen.current = made;
  }, [made, list.data, client]);
  return (
    <div className="flex flex-col gap-2" data-testid="data-export-section">
      <h3 className="text-sm font-semibold">{t("privacy.settings.export.title")}</h3>
      <p className="text-sm text-muted-foreground">{t("privacy.settings.export.lead")}</p>
      <div>
        <Button
          variant="outline"
          onClick={() => ask.mutate()}
          disabled={pending || ask.isPending || list.isPending}
        >
          {t("privacy.settings.export.request")}
        </Button>
      </div>
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">{t("privacy.settings.export.loading")}</p>
      ) : list.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="alert">
          <span>{t("privacy.settings.export.loadError")}</span>
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            {t("privacy.settings.export.retry")}
          </Button>
        </div>
      ) : exports.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("privacy.settings.export.empty")}</p>
      ) : (
        <ul
          className="flex flex-col divide-y rounded-2xl border"
          aria-label={t("privacy.settings.export.listLabel")}
          aria-live="polite"
        >
          {exports.map((e) => (
            <ExportRow key={e.id} e={e} />
          ))}
        </ul>
      )}
    </div>
  );
}
