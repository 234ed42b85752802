import { LogIn, UserRound } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useSession } from "../api/me";
import { ChangePasswordDialog, EditProfileDialog } from "./account-edit-dialogs";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * The "Akun" card of /billing: who is signed in, changing the name, phone and password, and the
 * account deletion; visitors get a
 * prompt to sign in instead.
 */
export function AccountSection() {
  const { t } = useI18n();
  const session = useSession();

  if (session.status === "loading")
    return (
      <section
        aria-busy="true"
        className="flex min-h-40 items-center justify-center gap-3 rounded-2xl border bg-card p-6 text-sm text-muted-foreground shadow-soft"
      >
        <Spinner className="size-5" />
        {t("account.loading")}
      </section>
    );

  if (session.status === "visitor")
    return (
      <section className="flex flex-col items-start gap-4 rounded-2xl border bg-card p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between md:p-8">
        <div className="flex flex-col gap-1.5">
          <h2 className="text-lg font-bold">{t("account.visitorTitle")}</h2>
          <p className="text-sm text-pretty text-muted-foreground">{t("account.visitorBody")}</p>
        </div>
        <Button size="lg" asChild className="w-full sm:w-auto">
          <PageLink href="/auth?next=/billing">
            <LogIn aria-hidden />
            {t("account.visitorCta")}
          </PageLink>
        </Button>
      </section>
    );

  const { user } = session;
  const rows = [
    { label: t("account.name"), value: user.fullName },
    { label: t("account.email"), value: user.email },
    ...(user.phone ? [{ label: t("account.phone"), value: user.phone }] : []),
  ];

  return (
    <section
      aria-labelledby="account-title"
      className="flex flex-col gap-6 rounded-2xl border bg-card p-5 shadow-soft md:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <UserRound className="size-5" aria-hidden />
        </span>
        <h2 id="account-title" className="text-lg font-bold">
          {t("account.title")}
        </h2>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label} className="flex min-w-0 flex-col gap-1">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {row.label}
            </dt>
            <dd className="truncate text-base font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row">
        <EditProfileDialog user={user} />
        <ChangePasswordDialog />
      </div>
      <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-lg text-sm text-pretty text-muted-foreground">
          {t("account.deleteHint")}
        </p>
        <DeleteAccountDialog email={user.email} />
      </div>
    </section>
  );
}
