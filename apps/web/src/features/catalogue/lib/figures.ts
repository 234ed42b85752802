import type { CatalogueSummary } from "@rupa/shared";
import type { CopyFigures } from "@/lib/copy-figures";
import type { Translate } from "@/lib/i18n";

/**
 * The generation time as copy says it, from the measured median: "about 25 seconds", "about
 * 2 minutes", or "under a minute" before any generation has been measured.
 */
export function describeGenerationTime(medianSeconds: number | null, t: Translate): string {
  if (medianSeconds === null || medianSeconds <= 0) return t("landing.time.underMinute");
  if (medianSeconds < 90) {
    const seconds = Math.max(5, Math.round(medianSeconds / 5) * 5);
    return t("landing.time.seconds", { seconds });
  }
  return t("landing.time.minutes", { minutes: Math.round(medianSeconds / 60) });
}

/** The figures landing and FAQ copy states, or null while they load. */
export function copyFigures(
  summary: CatalogueSummary | undefined,
  t: Translate,
): CopyFigures | null {
  if (!summary) return null;
  return {
    styleCount: summary.activeStyles,
    bonusCredits: summary.signupBonusCredits,
    avatarCredits: summary.avatarCredits,
    kanvasCredits: summary.kanvasCreditsPerImage,
    generationTime: describeGenerationTime(summary.medianGenerationSeconds, t),
    referralEvery: summary.referralRewardEvery,
    referralCredits: summary.referralRewardCredits,
  };
}
