/**
 * The figures the landing page and the FAQ state in their copy, from /api/styles/summary
 * (`copyFigures` in features/catalogue/lib/figures.ts makes them).
 */
export type CopyFigures = {
  styleCount: number;
  bonusCredits: number;
  avatarCredits: number;
  /** Credits one Kanvas picture costs (the `kanvas_credits_per_image` setting). */
  kanvasCredits: number;
  generationTime: string;
  referralEvery: number;
  referralCredits: number;
};
