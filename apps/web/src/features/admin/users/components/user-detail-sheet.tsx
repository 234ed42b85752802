import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { isApiError } from "@/lib/api-client";
import { DetailEmpty, DetailSection, DetailSheet } from "../../components/detail-sheet";
import { formatDate, formatNumber, formatRupiah } from "@/lib/format";
import { formatDateTime } from "../../lib/format-date-time";
import { cn } from "@/lib/utils";
import { useUserDetail, type AdminLedgerEntry, type AdminUserDetail } from "../api";
import { useAdminI18n, type AdminMessageKey, type AdminTranslate } from "../../lib/admin-i18n";
import type { DialogUser } from "./user-dialogs";

/** A message key when the catalogue has one for this value, else the raw value. */
function label(t: AdminTranslate, prefix: string, value: string): string {
  const key = `${prefix}.${value}` as AdminMessageKey;
  const text = t(key);
  return text === key ? value : text;
}

/** A small table that scrolls sideways inside its box on a phone. */
function MiniTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

function LedgerRow({ entry }: { entry: AdminLedgerEntry }) {
  const { t, lang } = useAdminI18n();
  const lot = entry.kind === "lot";
  return (
    <tr>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {formatDateTime(entry.createdAt, lang)}
      </td>
      <td className="px-3 py-2">
        <span className="font-medium">{label(t, "users.detail.sources", entry.source)}</span>
        {entry.watermarked && (
          <Badge variant="outline" className="ml-2">
            {t("users.detail.watermarked")}
          </Badge>
        )}
        {entry.description && (
          <span className="block text-xs break-words text-muted-foreground">
            {entry.description}
          </span>
        )}
      </td>
      <td
        className={cn(
          "px-3 py-2 font-semibold whitespace-nowrap tabular-nums",
          lot ? "text-emerald-700 dark:text-emerald-400" : "text-destructive",
        )}
      >
        {lot ? "+" : "−"}
        {formatNumber(entry.amount, lang)}
      </td>
      <td className="px-3 py-2 tabular-nums">
        {entry.remaining === null ? "—" : formatNumber(entry.remaining, lang)}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {lot
          ? entry.expiresAt
            ? formatDate(entry.expiresAt, lang)
            : t("users.detail.never")
          : "—"}
      </td>
      <td className="px-3 py-2 break-all">{entry.grantedBy?.email ?? "—"}</td>
    </tr>
  );
}

function DetailBody({
  detail,
  actions,
}: {
  detail: AdminUserDetail;
  actions: (user: DialogUser) => ReactNode;
}) {
  const { t, lang } = useAdminI18n();
  const { user, balance } = detail;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">{actions(user)}</div>

      <DetailSection title={t("users.detail.profile")}>
        <dl className="grid gap-x-4 gap-y-2 rounded-xl border p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("users.detail.email")}
            </dt>
            <dd className="break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("users.detail.name")}
            </dt>
            <dd>{user.fullName || t("users.noName")}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("users.detail.role")}
            </dt>
            <dd>
              <Badge variant={user.role === "admin" ? "accent" : "outline"}>
                {t(`users.roles.${user.role}`)}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("users.detail.joined")}
            </dt>
            <dd>{formatDate(user.createdAt, lang)}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("users.detail.totalGenerations")}
            </dt>
            <dd className="tabular-nums">{formatNumber(user.totalGenerations, lang)}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("users.detail.verified")}</dt>
            <dd>
              {user.emailVerified ? t("users.detail.verified") : t("users.detail.notVerified")}
            </dd>
          </div>
        </dl>
      </DetailSection>

      <DetailSection title={t("users.detail.balance")}>
        <div className="rounded-xl bg-primary-soft p-4 text-primary-soft-foreground">
          <p className="text-3xl font-extrabold tabular-nums" data-testid="user-detail-balance">
            {formatNumber(balance.balance, lang)}
          </p>
          <p className="text-sm">
            {balance.nextExpiry
              ? t("users.detail.nextExpiry", { date: formatDate(balance.nextExpiry, lang) })
              : t("users.detail.noExpiry")}
          </p>
          {balance.watermarkedOnly && (
            <p className="text-sm font-semibold">{t("users.detail.watermarkedOnly")}</p>
          )}
        </div>
      </DetailSection>

      <DetailSection title={t("users.detail.ledger")} count={detail.ledger.length}>
        {detail.ledger.length === 0 ? (
          <DetailEmpty>{t("users.detail.ledgerEmpty")}</DetailEmpty>
        ) : (
          <MiniTable
            head={[
              t("users.detail.ledgerColumns.when"),
              t("users.detail.ledgerColumns.what"),
              t("users.detail.ledgerColumns.amount"),
              t("users.detail.ledgerColumns.remaining"),
              t("users.detail.ledgerColumns.expires"),
              t("users.detail.ledgerColumns.by"),
            ]}
          >
            {detail.ledger.map((e) => (
              <LedgerRow key={`${e.kind}-${e.id}`} entry={e} />
            ))}
          </MiniTable>
        )}
      </DetailSection>

      <DetailSection title={t("users.detail.generations")} count={detail.generations.length}>
        {detail.generations.length === 0 ? (
          <DetailEmpty>{t("users.detail.generationsEmpty")}</DetailEmpty>
        ) : (
          <ul className="divide-y rounded-xl border text-sm">
            {detail.generations.map((g) => (
              <li
                key={g.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0">
                  <span className="font-medium">
                    {(lang === "id" ? g.styleNameId : g.styleName) ?? t("users.detail.noStyle")}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {label(t, "users.detail.kinds", g.kind)} · {formatDateTime(g.createdAt, lang)}
                  </span>
                </span>
                <Badge variant={g.status === "failed" ? "outline" : "default"}>
                  {label(t, "users.detail.statuses", g.status)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={t("users.detail.payments")} count={detail.payments.length}>
        {detail.payments.length === 0 ? (
          <DetailEmpty>{t("users.detail.paymentsEmpty")}</DetailEmpty>
        ) : (
          <MiniTable
            head={[
              t("users.detail.paymentColumns.order"),
              t("users.detail.paymentColumns.plan"),
              t("users.detail.paymentColumns.amount"),
              t("users.detail.paymentColumns.status"),
              t("users.detail.paymentColumns.when"),
            ]}
          >
            {detail.payments.map((p) => (
              <tr key={p.id}>
                <td className="px-3 py-2 font-mono text-xs break-all">{p.orderId}</td>
                <td className="px-3 py-2">
                  {p.planName}
                  <span className="block text-xs text-muted-foreground">
                    {formatNumber(p.credits, lang)} · {p.billingCycle}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatRupiah(p.amountIdr, lang)}
                </td>
                <td className="px-3 py-2">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{p.status}</code>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(p.createdAt, lang)}</td>
              </tr>
            ))}
          </MiniTable>
        )}
      </DetailSection>

      <DetailSection title={t("users.detail.referrals")} count={detail.referrals.length}>
        {detail.referrals.length === 0 ? (
          <DetailEmpty>{t("users.detail.referralsEmpty")}</DetailEmpty>
        ) : (
          <ul className="divide-y rounded-xl border text-sm">
            {detail.referrals.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0">
                  <span className="block font-medium break-all">
                    {r.referredEmail ?? t("users.detail.deletedUser")}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(r.createdAt, lang)}
                  </span>
                </span>
                <Badge variant="outline">
                  {label(t, "users.detail.referralStatuses", r.status)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </div>
  );
}

/**
 * One user's detail in a sheet over the list, opened by `?user=<id>` (so it can be linked and
 * survives a reload): profile, balance, ledger, recent generations, payments and referrals.
 */
export function UserDetailSheet({
  userId,
  onClose,
  actions,
}: {
  userId: string | null;
  onClose: () => void;
  actions: (user: DialogUser) => ReactNode;
}) {
  const { t } = useAdminI18n();
  const detail = useUserDetail(userId);
  const notFound = isApiError(detail.error) && detail.error.status === 404;

  return (
    <DetailSheet
      open={userId !== null}
      onClose={onClose}
      closeLabel={t("users.detail.close")}
      title={t("users.detail.title")}
      description={detail.data?.user.email}
      audit={{ entityType: "user", entityId: userId, label: t("users.detail.auditTrail") }}
      query={detail}
      notFound={notFound}
      notFoundText={t("users.detail.notFound")}
      loadFailedText={t("users.detail.loadFailed")}
      skeletons={[24, 20, 40]}
    >
      {(data) => <DetailBody detail={data} actions={actions} />}
    </DetailSheet>
  );
}
