import { useId, useState, type FormEvent } from "react";
import { ADMIN_CREDITS_ADD_MAX, MANUAL_REWARD_DEFAULT } from "@rupa/shared";
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
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useManualReward } from "../api";
import { useAdminI18n } from "../../lib/admin-i18n";

/** "Manual Reward": a user's e-mail and an amount (5 by default), granted as a ledger lot. */
export function ManualRewardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted while open, so each opening starts from an empty e-mail and the default. */}
      {open && <ManualRewardForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ManualRewardForm({ onDone }: { onDone: () => void }) {
  const { t } = useAdminI18n();
  const reward = useManualReward();
  const [email, setEmail] = useState("");
  const [amount, setAmount] = useState(String(MANUAL_REWARD_DEFAULT));
  const [problem, setProblem] = useState<string | null>(null);
  const emailId = useId();
  const amountId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = /^\d{1,6}$/.test(amount.trim()) ? Number(amount.trim()) : NaN;
    const valid =
      /^\S+@\S+\.\S+$/.test(email.trim()) && value >= 1 && value <= ADMIN_CREDITS_ADD_MAX;
    if (!valid) {
      setProblem(t("referrals.manual.invalid"));
      return;
    }
    setProblem(null);
    reward.mutate(
      { email: email.trim(), amount: value },
      {
        onSuccess: () => {
          toast.success(t("referrals.manual.granted"));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 404) setProblem(t("referrals.manual.notFound"));
          else if (isApiError(error) && error.status === 400)
            setProblem(t("referrals.manual.invalid"));
          else toast.error(t("referrals.manual.failed"));
        },
      },
    );
  }

  return (
    <DialogContent closeLabel={t("common.close")}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t("referrals.manual.title")}</DialogTitle>
          <DialogDescription>{t("referrals.manual.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor={emailId} className="text-sm font-semibold">
            {t("referrals.manual.email")}
          </label>
          <Input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            placeholder={t("referrals.manual.emailPlaceholder")}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem !== null}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={amountId} className="text-sm font-semibold">
            {t("referrals.manual.amount")}
          </label>
          <Input
            id={amountId}
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem !== null}
          />
        </div>
        <p role="alert" className="min-h-5 text-sm text-destructive">
          {problem}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={reward.isPending}>
            {t("referrals.manual.submit")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
