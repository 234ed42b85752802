import { LinkIcon, LogIn, MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import type { ConfirmationLink } from "../validation";
import { ResendVerificationButton } from "./check-inbox";
import { EmailField } from "./form-field";

/**
 * What /auth shows when an e-mailed confirmation link could not sign in
 * (docs/product/accounts.md): a used link (the e-mail is confirmed: sign in), an expired or bad
 * one (send a new link to the e-mail, filled in when the link named it).
 */
export function ConfirmationLinkPanel({
  link,
  email,
  onEmailChange,
  onSignIn,
}: {
  link: Exclude<ConfirmationLink, { kind: "none" }>;
  email: string;
  onEmailChange: (email: string) => void;
  onSignIn: () => void;
}) {
  const { t } = useI18n();
  const used = link.kind === "used";
  const Icon = used ? LinkIcon : MailWarning;
  const address = email.trim();
  return (
    <div className="flex flex-col gap-5" role="status">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      {used ? (
        <Button size="lg" className="w-full" onClick={onSignIn}>
          <LogIn aria-hidden />
          {t("auth.actions.signIn")}
        </Button>
      ) : (
        <div className="flex flex-col gap-3">
          <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
          <ResendVerificationButton
            email={address}
            label={t("auth.link.sendNew")}
            disabled={!/^\S+@\S+\.\S+$/.test(address)}
          />
          <Button size="lg" variant="ghost" className="w-full" onClick={onSignIn}>
            {t("auth.link.toSignIn")}
          </Button>
        </div>
      )}
    </div>
  );
}
