import type {
  CatalogueSummary,
  ImageSet,
  StyleCategory,
  StyleDetail,
  StyleSummary,
} from "@rupa/shared";
import { ApiError } from "./api-client";

// The catalogue is read on the landing page, so its answers are checked by hand instead of with
// the zod contract (zod would add ~60 KB to the first download). parse.test.ts keeps these checks
// in step with styleListResponseSchema, styleDetailResponseSchema and catalogueSummarySchema.

type Json = Record<string, unknown>;

const CATEGORIES: readonly StyleCategory[] = [
  "cartoon",
  "profesi_collectibles",
  "formal_cv_cpns",
  "pop_culture",
  "time_machine",
  "hijab_style",
  "jadul_nostalgia",
  "more_styles",
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value);
const isCount = (value: unknown): value is number => isInt(value) && value >= 0;

function invalid(what: string): never {
  throw new ApiError("INVALID_RESPONSE", 200, `Unexpected catalogue answer: ${what}`);
}

function parseImageSet(value: unknown, what: string): ImageSet {
  if (
    !isObject(value) ||
    typeof value.card !== "string" ||
    typeof value.full !== "string" ||
    !isInt(value.width) ||
    value.width <= 0 ||
    !isInt(value.height) ||
    value.height <= 0
  )
    return invalid(what);
  return { card: value.card, full: value.full, width: value.width, height: value.height };
}

const parseOptionalImageSet = (value: unknown, what: string): ImageSet | null =>
  value === null ? null : parseImageSet(value, what);

export function parseStyleSummary(value: unknown): StyleSummary {
  if (!isObject(value)) return invalid("style");
  const { id, category, tags } = value;
  if (
    typeof id !== "string" ||
    !UUID.test(id) ||
    typeof value.slug !== "string" ||
    typeof value.name !== "string" ||
    typeof value.nameId !== "string" ||
    typeof value.description !== "string" ||
    typeof value.descriptionId !== "string" ||
    !CATEGORIES.includes(category as StyleCategory) ||
    !Array.isArray(tags) ||
    !tags.every((tag) => typeof tag === "string") ||
    typeof value.isPremium !== "boolean" ||
    !isInt(value.sortOrder) ||
    typeof value.createdAt !== "string" ||
    !isCount(value.generatedCount)
  )
    return invalid("style fields");
  return {
    id,
    slug: value.slug,
    name: value.name,
    nameId: value.nameId,
    description: value.description,
    descriptionId: value.descriptionId,
    category: category as StyleCategory,
    tags: tags,
    isPremium: value.isPremium,
    sortOrder: value.sortOrder,
    createdAt: value.createdAt,
    generatedCount: value.generatedCount,
    preview: parseOptionalImageSet(value.preview, "preview"),
    before: parseOptionalImageSet(value.before, "before"),
  };
}

/** `{ styles: StyleSummary[] }`, as GET /api/styles answers. */
export function parseStyleList(value: unknown): StyleSummary[] {
  if (!isObject(value) || !Array.isArray(value.styles)) return invalid("style list");
  return value.styles.map(parseStyleSummary);
}

/** `{ style: StyleDetail }`, as GET /api/styles/:id answers. */
export function parseStyleDetail(value: unknown): StyleDetail {
  if (!isObject(value) || !isObject(value.style)) return invalid("style detail");
  const summary = parseStyleSummary(value.style);
  const { pairs } = value.style;
  if (!Array.isArray(pairs)) return invalid("pairs");
  return {
    ...summary,
    pairs: pairs.map((pair: unknown) => {
      if (
        !isObject(pair) ||
        typeof pair.id !== "string" ||
        !UUID.test(pair.id) ||
        !(pair.title === null || typeof pair.title === "string")
      )
        return invalid("pair");
      return {
        id: pair.id,
        title: pair.title,
        before: parseImageSet(pair.before, "pair before"),
        after: parseImageSet(pair.after, "pair after"),
      };
    }),
  };
}

/** GET /api/styles/summary: the figures the landing and FAQ copy state. */
export function parseCatalogueSummary(value: unknown): CatalogueSummary {
  if (
    !isObject(value) ||
    !isCount(value.activeStyles) ||
    !isCount(value.signupBonusCredits) ||
    !isInt(value.avatarCredits) ||
    value.avatarCredits <= 0 ||
    !isCount(value.kanvasCreditsPerImage) ||
    !(
      value.medianGenerationSeconds === null ||
      (typeof value.medianGenerationSeconds === "number" && value.medianGenerationSeconds >= 0)
    ) ||
    !isInt(value.referralRewardEvery) ||
    value.referralRewardEvery <= 0 ||
    !isCount(value.referralRewardCredits)
  )
    return invalid("summary");
  return {
    activeStyles: value.activeStyles,
    signupBonusCredits: value.signupBonusCredits,
    avatarCredits: value.avatarCredits,
    kanvasCreditsPerImage: value.kanvasCreditsPerImage,
    medianGenerationSeconds: value.medianGenerationSeconds,
    referralRewardEvery: value.referralRewardEvery,
    referralRewardCredits: value.referralRewardCredits,
  };
}
