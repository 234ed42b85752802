import type {
  CatalogueSummary,
  ImageSet,
  StyleCategory,
  StyleDetail,
  StyleSort,
  StyleSummary,
} from "@rupa/shared";
import { cardKeyOf, PREVIEW_FULL } from "./style-previews.worker";
import type { SettingsRepository } from "../settings/settings.repository";
import {
  type CachedJson,
  type CatalogueCacheOptions,
  createCatalogueCache,
} from "./catalogue-cache";
import type { PairRow, PreviewPairKeys, StyleRow, StylesRepository } from "./styles.repository";
import type { Transactor } from "../../infra/db/client";
import { fileUrl } from "../../infra/storage/storage";

const previewUrl = (key: string) => fileUrl("style-previews", key);

export function imageSet(fullKey: string | null): ImageSet | null {
  if (!fullKey) return null;
  return {
    full: previewUrl(fullKey),
    card: previewUrl(cardKeyOf(fullKey)),
    width: PREVIEW_FULL.width,
    height: PREVIEW_FULL.height,
  };
}

/** The public face of a style: never its prompts, model or parameters. */
function toSummary(s: StyleRow, generatedCount: number): StyleSummary {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    nameId: s.nameId,
    description: s.description,
    descriptionId: s.descriptionId,
    category: s.category as StyleCategory,
    tags: s.tags,
    isPremium: s.isPremium,
    likenessCheck: s.likenessCheck,
    sortOrder: s.sortOrder,
    createdAt: s.createdAt.toISOString(),
    generatedCount: Number(generatedCount),
    preview: imageSet(s.previewImageKey),
    before: imageSet(s.beforeImageKey),
  };
}

function toPair(p: PairRow) {
  const before = imageSet(p.beforeImageKey);
  const after = imageSet(p.afterImageKey);
  return before && after ? { id: p.id, title: p.title, before, after } : null;
}

export function createStylesService(d: {
  db: Transactor;
  styles: StylesRepository;
  settings: SettingsRepository;
  cache?: CatalogueCacheOptions;
}) {
  const cache = createCatalogueCache(d.styles, d.cache);

  async function list(
    sort: StyleSort,
    lang: "id" | "en",
    category?: StyleCategory,
  ): Promise<StyleSummary[]> {
    const rows = await d.styles.listActive(sort, lang, category);
    return rows.map((r) => toSummary(r.style, r.generatedCount));
  }

  return {
    /** A style's preview pairs replaced in one transaction; the catalogue is told after it. */
    async replacePreviews(styleId: string, pairs: readonly PreviewPairKeys[]): Promise<void> {
      await d.db.transaction((tx) => d.styles.replacePreviews(tx, styleId, pairs));
      d.styles.notifyChanged();
    },

    list,

    /** GET /api/styles's answer, serialized once per variant and kept (docs/decisions/010). */
    listJson(sort: StyleSort, lang: "id" | "en", category?: StyleCategory): Promise<CachedJson> {
      return cache.get(`${sort}:${lang}:${category ?? ""}`, async () => ({
        styles: await list(sort, lang, category),
      }));
    },

    async detail(id: string): Promise<StyleDetail | null> {
      const row = await d.styles.findActive(id);
      if (!row) return null;
      const pairs = (await d.styles.pairsOf(id)).map(toPair).filter((p) => p !== null);
      return { ...toSummary(row.style, row.generatedCount), pairs };
    },

    async summary(): Promise<CatalogueSummary> {
      const [activeStyles, median, s] = await Promise.all([
        d.styles.countActive(),
        d.styles.medianGenerationSeconds(),
        d.settings.getMany([
          "signup_bonus_credits",
          "avatar_credits_per_image",
          "kanvas_credits_per_image",
          "referral_reward_every",
          "referral_reward_credits",
        ]),
      ]);
      return {
        activeStyles,
        signupBonusCredits: Number(s.signup_bonus_credits),
        avatarCredits: Number(s.avatar_credits_per_image),
        kanvasCreditsPerImage: Number(s.kanvas_credits_per_image),
        medianGenerationSeconds: median,
        referralRewardEvery: Number(s.referral_reward_every),
        referralRewardCredits: Number(s.referral_reward_credits),
      };
    },
  };
}
export type StylesService = ReturnType<typeof createStylesService>;
