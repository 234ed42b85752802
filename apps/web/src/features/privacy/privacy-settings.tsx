import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { PageLink } from "@/lib/page-navigation";
import type { ConsentState, PhotoRetention, ProcessingLogEntry } from "@rupa/shared";
import { PHOTO_RETENTIONS } from "@rupa/shared/constants";
import * as routes from "@rupa/shared/route-table";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format";
import { useI18n, type Translate } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { providerName } from "./consent-text";
import { DataExport } from "./data-export";

const CONSENT_KEY = ["privacy", "consent"] as const;
const LOG_KEY = ["privacy", "log"] as const;
const PAGE_SIZE = 10;

function logLine(t: Translate, e: ProcessingLogEntry): string {
  switch (e.kind) {
    case "consent_given":
      return t("privacy.settings.log.consent_given", { version: e.version ?? 1 });
    case "consent_withdrawn":
      return t("privacy.settings.log.consent_withdrawn");
    case "photo_sent":
      return t("privacy.settings.log.photo_sent", { provider: providerName(t, e.provider ?? "") });
    case "photos_deleted":
      return t("privacy.settings.log.photos_deleted", {
        count: e.count ?? 0,
        reason: t(`privacy.settings.reasons.${e.reason ?? "retention"}`),
      });
    case "data_exported":
      return t("privacy.settings.log.data_exported");
  }
}

/** The member's processing log, ten at a time, newest first. */
function ProcessingLog() {
  const { t, lang } = useI18n();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [...LOG_KEY, page],
    queryFn: ({ signal }) =>
      call(routes.privacyProcessingLog, { query: { page, limit: PAGE_SIZE } }, { signal }),
  });
  const total = log.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t("privacy.settings.logTitle")}</h3>
      {log.data && log.data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("privacy.settings.logEmpty")}</p>
      ) : (
        <ul
          className="flex flex-col divide-y rounded-2xl border"
          aria-label={t("privacy.settings.logTitle")}
        >
          {log.data?.entries.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
            >
              <span>{logLine(t, e)}</span>
              <time dateTime={e.at} className="text-muted-foreground tabular-nums">
                {formatDate(e.at, lang)}{" "}
                {new Date(e.at).toLocaleTimeString(lang === "id" ? "id-ID" : "en-GB", {
                  hour: "2-digit",
                  minute: "2-digit",
                })}
              </time>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE ? (
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t("privacy.settings.previous")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page * PAGE_SIZE >= total}
            onClick={() => setPage(page + 1)}
          >
            {t("privacy.settings.next")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The privacy settings (docs/product/privacy.md), on /billing#privasi: the photo consent and its
 * withdrawal, for members and guests; for members also the retention choice, "Unduh data saya"
 * and the processing log.
 */
export function PrivacySettings({ member }: { member: boolean }) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The choice shows at once; the server's answer confirms it (or puts the old one back).
  const [chosen, setChosen] = useState<PhotoRetention | null>(null);
  const consent = useQuery({
    queryKey: CONSENT_KEY,
    queryFn: ({ signal }) => call(routes.privacyConsent, undefined, { signal }),
    retry: false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["privacy"] });
  const withdraw = useMutation({
    mutationFn: () => call(routes.privacyWithdrawConsent),
    onSuccess: (res) => {
      setConfirming(false);
      toast.success(t("privacy.settings.withdrawDone", { count: res.photosDeleted }));
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, i18n)),
  });
  const retention = useMutation({
    mutationFn: (value: PhotoRetention) =>
      call(routes.privacyRetention, { body: { retention: value } }),
    onSuccess: (state: ConsentState) => {
      client.setQueryData(CONSENT_KEY, state);
      setChosen(null);
      toast.success(t("privacy.settings.retentionSaved"));
    },
    onError: (error) => {
      setChosen(null);
      toast.error(errorMessage(error, i18n));
    },
  });

  // Opened from the Setting menu's "Privasi" (/billing#privasi): scroll here once drawn.
  useEffect(() => {
    if (consent.data && window.location.hash === "#privasi")
      document.getElementById("privasi")?.scrollIntoView({ block: "start" });
  }, [consent.data]);

  const state = consent.data;
  // A visitor without a guest session has nothing here.
  if (consent.isError) return null;
  return (
    <Panel
      id="privasi"
      title={t("privacy.settings.title")}
      icon={<Lock aria-hidden />}
      className="scroll-mt-20"
    >
      <p className="text-sm text-muted-foreground">
        {t("privacy.settings.lead")}{" "}
        <PageLink
          href="/privacy"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t("privacy.settings.policyLink")}
        </PageLink>
      </p>
      {state ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm" data-testid="consent-state">
            {state.given && state.givenAt
              ? t("privacy.settings.consentGiven", { date: formatDate(state.givenAt, lang) })
              : t("privacy.settings.consentMissing")}
          </p>
          {state.given ? (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t("privacy.settings.withdraw")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {member && state ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">
            {t("privacy.settings.retentionTitle")}
          </legend>
          {PHOTO_RETENTIONS.map((value) => (
            <label key={value} className="flex items-center gap-2.5 text-sm">
              <input
                type="radio"
                name="photoRetention"
                value={value}
                checked={(chosen ?? state.retention ?? "24h") === value}
                disabled={retention.isPending}
                onChange={() => {
                  setChosen(value);
                  retention.mutate(value);
                }}
                className="size-4 accent-primary"
              />
              {t(`privacy.settings.retention.${value}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {member ? <DataExport /> : null}
      {member ? <ProcessingLog /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={withdraw.isPending}
        title={t("privacy.settings.withdrawTitle")}
        description={t("privacy.settings.withdrawBody")}
        cancelLabel={t("privacy.consent.cancel")}
        confirmLabel={t("privacy.settings.withdraw")}
        destructive
        onConfirm={() => withdraw.mutate()}
      />
    </Panel>
  );
}
