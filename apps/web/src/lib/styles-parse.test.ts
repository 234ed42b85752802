import {
  catalogueSummarySchema,
  styleDetailResponseSchema,
  styleListResponseSchema,
} from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { parseCatalogueSummary, parseStyleDetail, parseStyleList } from "./styles-parse";

const image = (name: string) => ({
  card: `/api/files/${name}-card.webp`,
  full: `/api/files/${name}-full.webp`,
  width: 600,
  height: 750,
});

const style = {
  id: "fb85d5f3-074a-4a83-9fd1-fe26463a214e",
  slug: "anime-shonen",
  name: "Shōnen Anime",
  nameId: "Anime Shōnen",
  description: "Bold anime lines.",
  descriptionId: "Garis anime tegas.",
  category: "cartoon",
  tags: ["anime"],
  isPremium: false,
  sortOrder: 10,
  createdAt: "2026-11-21T02:03:16.664Z",
  generatedCount: 3,
  preview: image("after"),
  before: null,
};
const pair = {
  id: "f4f41e8b-de6f-4aa0-a9e6-4debeaf1df0b",
  title: null,
  before: image("b1"),
  after: image("a1"),
};
const summary = {
  activeStyles: 68,
  signupBonusCredits: 5,
  avatarCredits: 1,
  kanvasCreditsPerImage: 1,
  medianGenerationSeconds: null,
  referralRewardEvery: 3,
  referralRewardCredits: 5,
};

// The hand-written checks must accept exactly what the zod contract accepts.
describe("catalogue parsers agree with the shared contract", () => {
  it("reads a style list as styleListResponseSchema does", () => {
    const body = { styles: [style, { ...style, preview: null }] };
    expect(parseStyleList(body)).toEqual(styleListResponseSchema.parse(body).styles);
  });

  it("reads a style detail as styleDetailResponseSchema does", () => {
    const body = { style: { ...style, pairs: [pair] } };
    expect(parseStyleDetail(body)).toEqual(styleDetailResponseSchema.parse(body).style);
  });

  it("reads the summary as catalogueSummarySchema does", () => {
    expect(parseCatalogueSummary(summary)).toEqual(catalogueSummarySchema.parse(summary));
    const measured = { ...summary, medianGenerationSeconds: 23.5 };
    expect(parseCatalogueSummary(measured)).toEqual(catalogueSummarySchema.parse(measured));
  });

  it.each([
    ["a non-UUID id", { ...style, id: "42" }],
    ["an unknown category", { ...style, category: "anime" }],
    ["a negative count", { ...style, generatedCount: -1 }],
    ["a broken preview", { ...style, preview: { card: "x" } }],
    ["tags that are not strings", { ...style, tags: [1] }],
  ])("refuses %s, like the schema", (_, bad) => {
    expect(styleListResponseSchema.safeParse({ styles: [bad] }).success).toBe(false);
    expect(() => parseStyleList({ styles: [bad] })).toThrow(/catalogue/);
  });

  it("refuses a summary without figures and a detail without pairs", () => {
    expect(() => parseCatalogueSummary({ ...summary, avatarCredits: 0 })).toThrow();
    expect(catalogueSummarySchema.safeParse({ ...summary, avatarCredits: 0 }).success).toBe(false);
    expect(() => parseStyleDetail({ style })).toThrow();
  });
});
