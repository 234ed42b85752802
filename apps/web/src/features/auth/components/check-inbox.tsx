import { MailCheck, RotateCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useResendVerification } from "../api/account";
import { useAuthMessages } from "../use-auth-messages";

/** Seconds before the confirmation e-mail can be asked for again. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** "Resend confirmation e-mail", with a short cooldown after each send. */
export function ResendVerificationButton({
  email,
  startCoolingDown = false,
  className,
  label,
  disabled = false,
}: {
  email: string;
  /** Start with the cooldown running (an e-mail has just been sent). */
  startCoolingDown?: boolean;
  className?: string;
  /** The button's words ("Resend confirmation e-mail" unless given). */
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const { failure } = useAuthMessages();
  const resend = useResendVerification();
  const [wait, setWait] = useState(startCoolingDown ? RESEND_COOLDOWN_SECONDS : 0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onClick = () => {
    resend.mutate(email, {
      onSuccess: () => {
        toast.success(t("auth.toasts.resendDone", { email }));
        setWait(RESEND_COOLDOWN_SECONDS);
      },
      onError: (error) => failure("auth.toasts.resendFailed", error),
    });
  };

  return (
    <Button
      variant="outline"
      className={cn("w-full", className)}
      onClick={onClick}
      disabled={disabled || resend.isPending || wait > 0}
    >
      {resend.isPending ? <Spinner /> : <RotateCw aria-hidden />}
      {resend.isPending
        ? t("auth.inbox.resending")
        : wait > 0
          ? t("auth.inbox.resendIn", { seconds: wait })
          : (label ?? t("auth.inbox.resend"))}
    </Button>
  );
}

/** After sign-up: where the confirmation link went, and a way to get another one. */
export function CheckInboxPanel({
  email,
  onBackToSignIn,
}: {
  email: string;
  onBackToSignIn: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-5" role="status">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <MailCheck className="size-7" aria-hidden />
      </span>
      <div className="flex flex-col gap-2">
        <p className="text-base text-pretty [overflow-wrap:anywhere] text-foreground">
          {t("auth.inbox.body", { email })}
        </p>
        <p className="text-sm text-muted-foreground">{t("auth.inbox.spam")}</p>
      </div>
      <div className="flex flex-col gap-2.5">
        <ResendVerificationButton email={email} startCoolingDown />
        <Button size="lg" className="w-full" onClick={onBackToSignIn}>
          {t("auth.actions.backToSignIn")}
        </Button>
      </div>
    </div>
  );
}
