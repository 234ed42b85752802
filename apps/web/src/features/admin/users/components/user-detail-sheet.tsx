import { AlertTriangle, History } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-client";
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

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2">
      <h3 className="flex items-center gap-2 text-sm font-bold">
        {title}
        {count !== undefined && count > 0 && (
          <span className="rounded-full bg-muted px-2 text-xs font-semibold text-muted-foreground">
            {count}
          </span>
        )}
      </h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
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

      <Section title={t("users.detail.profile")}>
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
      </Section>

      <Section title={t("users.detail.balance")}>
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
      </Section>

      <Section title={t("users.detail.ledger")} count={detail.ledger.length}>
        {detail.ledger.length === 0 ? (
          <Empty>{t("users.detail.ledgerEmpty")}</Empty>
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
      </Section>

      <Section title={t("users.detail.generations")} count={detail.generations.length}>
        {detail.generations.length === 0 ? (
          <Empty>{t("users.detail.generationsEmpty")}</Empty>
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
      </Section>

      <Section title={t("users.detail.payments")} count={detail.payments.length}>
        {detail.payments.length === 0 ? (
          <Empty>{t("users.detail.paymentsEmpty")}</Empty>
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
      </Section>

      <Section title={t("users.detail.referrals")} count={detail.referrals.length}>
        {detail.referrals.length === 0 ? (
          <Empty>{t("users.detail.referralsEmpty")}</Empty>
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
      </Section>
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
    <Sheet open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        closeLabel={t("users.detail.close")}
        className="w-full max-w-2xl overflow-y-auto p-4 sm:p-6"
      >
        <div className="grid gap-1 pr-10">
          <SheetTitle className="text-lg font-bold">{t("users.detail.title")}</SheetTitle>
          <SheetDescription className="break-all text-muted-foreground">
            {detail.data?.user.email ?? "\u00a0"}
          </SheetDescription>
          {userId && (
            <Link
              to={`/admin/audit?entityType=user&entityId=${encodeURIComponent(userId)}`}
              className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
            >
              <History aria-hidden className="size-4" />
              {t("users.detail.auditTrail")}
            </Link>
          )}
        </div>
        {detail.data ? (
          <DetailBody detail={detail.data} actions={actions} />
        ) : detail.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <AlertTriangle aria-hidden className="size-8 text-destructive" />
            <p className="font-semibold">
              {notFound ? t("users.detail.notFound") : t("users.detail.loadFailed")}
            </p>
            {!notFound && (
              <Button variant="outline" onClick={() => void detail.refetch()}>
                {t("common.retry")}
              </Button>
            )}
          </div>
        ) : (
          <div className="grid gap-3" aria-busy>
            <span className="sr-only">{t("common.loading")}</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
