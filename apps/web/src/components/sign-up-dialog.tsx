import { Check, Sparkles } from "lucide-react";
import type { Picture } from "@rupa/shared";
import { PICTURE_SIZES, pictureImageProps } from "@/lib/picture-image";
import { useI18n } from "@/lib/i18n";
import { PromptDialog } from "./prompt-dialog";

/** `member`: a page only members use (Kanvas) asked a visitor to sign up first. */
export type SignUpReason = "result" | "trialUsed" | "ipLimit" | "member";

/**
 * "Love your result?" after a guest's free try, or the refusal of a second try. The free-credit
 * figure comes from the `signup_bonus_credits` setting (null while it loads).
 */
export function SignUpDialog({
  open,
  onOpenChange,
  reason,
  picture,
  bonusCredits,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reason: SignUpReason;
  /** The guest's result, shown small above the offer. */
  picture: Picture | null;
  bonusCredits: number | null;
}) {
  const { t } = useI18n();
  const n = bonusCredits;
  return (
    <PromptDialog
      open={open}
      onOpenChange={onOpenChange}
      closeLabel={t("generator.signUp.close")}
      art={
        picture ? (
          <div className="mx-auto mt-2 w-40 overflow-hidden rounded-2xl border bg-muted shadow-soft sm:w-48">
            <img
              {...pictureImageProps(picture, PICTURE_SIZES.signUp)}
              alt={t("generator.signUp.imageAlt")}
              className="aspect-square w-full object-cover"
            />
          </div>
        ) : (
          <span className="mx-auto mt-2 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Sparkles aria-hidden className="size-7" />
          </span>
        )
      }
      title={
        reason === "result"
          ? t("generator.signUp.title")
          : reason === "member"
            ? t("generator.signUp.titleMember")
            : t("generator.signUp.titleUsed")
      }
      description={
        n !== null ? t("generator.signUp.offer", { n }) : t("generator.signUp.offerPlain")
      }
      descriptionClassName="text-base font-semibold text-primary"
      note={
        reason === "ipLimit" ? (
          <p className="text-sm text-muted-foreground">{t("errors.codes.guest_ip_limit")}</p>
        ) : reason === "trialUsed" ? (
          <p className="text-sm text-muted-foreground">{t("errors.codes.guest_trial_used")}</p>
        ) : null
      }
      later={t("generator.signUp.later")}
      cta={t("generator.signUp.cta")}
      to="/auth?mode=signup"
      footnote={t("generator.signUp.note")}
    >
      <ul className="flex flex-col gap-2 rounded-xl bg-muted/60 p-4 text-sm">
        {[
          n !== null
            ? t("generator.signUp.benefitCredits", { n })
            : t("generator.signUp.benefitCreditsPlain"),
          t("generator.signUp.benefitStyles"),
          t("generator.signUp.benefitSave"),
        ].map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </PromptDialog>
  );
}
