import {
  CircleCheck,
  CircleDashed,
  Copy,
  Crown,
  MessageCircle,
  RefreshCw,
  ShoppingBag,
  Sparkles,
  Users,
} from "lucide-react";
import { useId } from "react";
import type { ReferralFriend } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  friendSteps,
  friendsToGo,
  referralLink,
  useReferralStats,
  whatsAppShareUrl,
} from "../api/referral-stats";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One invited friend: their name, when they joined, and each step as done or still needed. */
function FriendRow({ friend }: { friend: ReferralFriend }) {
  const { t, lang } = useI18n();
  // A date in a list, as every list shows one (docs/product/data.md).
  const joined = formatDate(friend.joinedAt, lang);
  const steps = friendSteps(friend);
  return (
    <li className="flex flex-col gap-1.5 rounded-2xl border p-3" data-testid="referral-friend">
      <div className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 truncate font-semibold">
          {friend.name || t("referral.friendUnnamed")}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">
          {t("referral.joined", { date: joined })}
        </span>
      </div>
      <ul className="flex flex-col gap-1 text-xs">
        {steps.map((step) => (
          <li
            key={step.key}
            className={cn(
              "flex items-start gap-1.5",
              step.done ? "text-primary" : "text-muted-foreground",
            )}
          >
            {step.done ? (
              <CircleCheck aria-hidden className="mt-px size-3.5 shrink-0" />
            ) : (
              <CircleDashed aria-hidden className="mt-px size-3.5 shrink-0" />
            )}
            <span>
              {t(`referral.${step.key}`, { credits: formatNumber(friend.creditsAwarded, lang) })}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The referral card for signed-in users: what each step of an invited friend brings (their first
 * avatar counts toward the premium styles, their first purchase pays credits; the rule is
 * docs/product/referrals.md), the progress toward the premium unlock, each friend with what they
 * still need, and the link to copy or share on WhatsApp.
 */
export function ReferralCard() {
  const { t } = useI18n();
  const stats = useReferralStats();
  const titleId = useId();

  if (stats.isPending) {
    return (
      <section
        aria-label={t("referral.title")}
        className="flex flex-col gap-3 rounded-3xl border bg-card p-5 shadow-soft sm:p-6"
      >
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-11 w-full" />
      </section>
    );
  }
  if (stats.isError) {
    return (
      <section
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-3xl border border-dashed bg-card p-5"
      >
        <p className="font-semibold">{t("referral.loadFailed")}</p>
        <Button variant="outline" onClick={() => void stats.refetch()}>
          <RefreshCw aria-hidden />
          {t("referral.retry")}
        </Button>
      </section>
    );
  }

  const data = stats.data;
  const link = referralLink(window.location.origin, data.referralCode);
  const progress = Math.min(data.progress, data.rewardEvery);
  const copy = async () => {
    if (await copyText(link)) toast.success(t("referral.copied"));
    else toast.error(t("referral.copyFailed"));
  };

  return (
    <section
      id="referral"
      aria-labelledby={titleId}
      className="flex scroll-mt-20 flex-col gap-4 rounded-3xl border bg-card p-5 shadow-soft sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
          <Users aria-hidden className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-bold">
            {t("referral.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("referral.body")}</p>
        </div>
      </div>

      <ul aria-label={t("referral.stepsLabel")} className="grid gap-2 text-sm sm:grid-cols-2">
        <li className="flex items-start gap-2 rounded-2xl bg-muted p-3">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{t("referral.stepAvatar", { every: data.rewardEvery })}</span>
        </li>
        <li className="flex items-start gap-2 rounded-2xl bg-muted p-3">
          <ShoppingBag aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{t("referral.stepPurchase", { reward: data.rewardCredits })}</span>
        </li>
      </ul>

      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-sm font-semibold">
          <span>{t("referral.progress", { count: progress, every: data.rewardEvery })}</span>
          {data.premiumUnlocked ? null : (
            <span className="text-muted-foreground">
              {t("referral.remaining", { count: friendsToGo(data) })}
            </span>
          )}
        </div>
        <div
          role="progressbar"
          aria-label={t("referral.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={data.rewardEvery}
          aria-valuenow={progress}
          className="flex gap-1.5"
        >
          {Array.from({ length: data.rewardEvery }, (_, index) => (
            <span
              key={index}
              className={cn(
                "h-2.5 flex-1 rounded-full bg-muted",
                index < progress && "bg-gradient-to-r from-primary to-accent",
              )}
            />
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {t("referral.stats", {
            completed: data.completed,
            pending: data.pending,
            earned: data.creditsEarned,
          })}
        </p>
        {data.premiumUnlocked ? (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-primary">
            <Crown aria-hidden className="size-4" />
            {t("referral.premiumUnlocked")}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-bold">{t("referral.friendsTitle")}</h3>
        {data.friends.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("referral.friendsEmpty")}</p>
        ) : (
          <ul aria-label={t("referral.friendsTitle")} className="grid gap-2 sm:grid-cols-2">
            {data.friends.map((friend, index) => (
              <FriendRow key={`${friend.joinedAt}-${index}`} friend={friend} />
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label={t("referral.linkLabel")} small className="min-w-0 flex-1 gap-1.5">
          {(id) => (
            <input
              id={id}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 w-full min-w-0 truncate rounded-xl border bg-muted px-3 text-sm text-foreground"
            />
          )}
        </Field>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            {t("referral.copy")}
          </Button>
          <Button asChild className="bg-[#146c3a] text-white hover:bg-[#0f5a30]">
            <a
              href={whatsAppShareUrl(t("referral.whatsAppText", { link }))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden />
              {t("referral.shareWhatsApp")}
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
