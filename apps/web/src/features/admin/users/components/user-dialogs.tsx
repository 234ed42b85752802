import { useId, useState, type FormEvent } from "react";
import {
  ADMIN_CREDITS_SET_MAX,
  ADMIN_QUICK_CREDITS,
  type AdminUser,
  type Role,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useChangeUserCredits, useSetUserRole } from "../api";
import { useAdminErrorMessage, useAdminI18n } from "../../lib/admin-i18n";

/** The user a dialog is about: what the list row or the detail knows. */
export type DialogUser = Pick<AdminUser, "id" | "email" | "role" | "credits">;

/** Make admin / make member, after a confirmation. */
export function RoleDialog({
  user,
  onOpenChange,
}: {
  user: DialogUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const setRole = useSetUserRole();
  const next: Role = user?.role === "admin" ? "user" : "admin";
  const email = user?.email ?? "";

  function confirm() {
    if (!user) return;
    setRole.mutate(
      { id: user.id, role: next },
      {
        onSuccess: () => {
          toast.success(t("users.roleUpdated", { email }));
          onOpenChange(false);
        },
        onError: (error) => {
          const lastAdmin = isApiError(error) && error.status === 409;
          toast.error(t("users.roleFailed"), {
            description: lastAdmin ? t("users.lastAdmin") : adminError(error),
          });
        },
      },
    );
  }

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle className="pr-8 break-all">
            {next === "admin"
              ? t("users.roleConfirm.adminTitle", { email })
              : t("users.roleConfirm.memberTitle", { email })}
          </DialogTitle>
          <DialogDescription>
            {next === "admin"
              ? t("users.roleConfirm.adminBody")
              : t("users.roleConfirm.memberBody", { email })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant={next === "admin" ? "default" : "destructive"}
            onClick={confirm}
            disabled={setRole.isPending}
          >
            {next === "admin"
              ? t("users.roleConfirm.confirmAdmin")
              : t("users.roleConfirm.confirmMember")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Add 5 credits": one click, a manual lot with the default reason, and a toast. */
export function useAddFiveCredits() {
  const { t } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const change = useChangeUserCredits();
  return {
    pending: change.isPending,
    add(user: Pick<AdminUser, "id" | "email">) {
      change.mutate(
        {
          id: user.id,
          body: { mode: "add", amount: ADMIN_QUICK_CREDITS, reason: t("users.quickReason") },
        },
        {
          onSuccess: () =>
            toast.success(
              t("users.creditsAdded", { amount: ADMIN_QUICK_CREDITS, email: user.email }),
            ),
          onError: (error) =>
            toast.error(t("users.creditsFailed"), { description: adminError(error) }),
        },
      );
    },
  };
}

/** "Set credits": the new balance and a reason; the server writes the difference to the ledger. */
export function SetCreditsDialog({
  user,
  onOpenChange,
}: {
  user: DialogUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      {/* Keyed by user so the form starts from that user's balance each time. */}
      {user && <SetCreditsForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SetCreditsForm({ user, onDone }: { user: DialogUser; onDone: () => void }) {
  const { t, lang } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const change = useChangeUserCredits();
  const [amount, setAmount] = useState(String(user.credits));
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const amountId = useId();
  const reasonId = useId();

  const value = /^\d{1,6}$/.test(amount.trim()) ? Number(amount.trim()) : NaN;
  const amountOk = Number.isInteger(value) && value >= 0 && value <= ADMIN_CREDITS_SET_MAX;
  const reasonOk = reason.trim().length >= 3 && reason.trim().length <= 200;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!amountOk || !reasonOk) return;
    change.mutate(
      { id: user.id, body: { mode: "set", amount: value, reason: reason.trim() } },
      {
        onSuccess: (res) => {
          const balance = formatNumber(res.balance, lang);
          if (res.changed === 0) toast.info(t("users.creditsUnchanged", { balance }));
          else toast.success(t("users.creditsSet", { email: user.email, balance }));
          onDone();
        },
        onError: (error) =>
          toast.error(t("users.creditsFailed"), { description: adminError(error) }),
      },
    );
  }

  return (
    <DialogContent closeLabel={t("common.close")}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t("users.creditsDialog.title")}</DialogTitle>
          <DialogDescription className="break-words">
            {t("users.creditsDialog.description", {
              email: user.email,
              balance: formatNumber(user.credits, lang),
            })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor={amountId} className="text-sm font-semibold">
            {t("users.creditsDialog.amount")}
          </label>
          <Input
            id={amountId}
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={touched && !amountOk}
            aria-describedby={`${amountId}-hint`}
          />
          <p id={`${amountId}-hint`} className="text-xs text-muted-foreground">
            {touched && !amountOk ? (
              <span className="text-destructive">{t("users.creditsDialog.invalidAmount")}</span>
            ) : (
              t("users.creditsDialog.amountHint")
            )}
          </p>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-semibold">
            {t("users.creditsDialog.reason")}
          </label>
          <Textarea
            id={reasonId}
            rows={3}
            maxLength={200}
            value={reason}
            placeholder={t("users.creditsDialog.reasonPlaceholder")}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={touched && !reasonOk}
            aria-describedby={`${reasonId}-hint`}
          />
          <p id={`${reasonId}-hint`} className="text-xs text-muted-foreground">
            {touched && !reasonOk ? (
              <span className="text-destructive">{t("users.creditsDialog.invalidReason")}</span>
            ) : (
              t("users.creditsDialog.reasonHint")
            )}
          </p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {t("users.creditsDialog.submit")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
