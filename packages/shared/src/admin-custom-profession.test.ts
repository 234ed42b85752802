import { describe, expect, it } from "vitest";
import {
  lengthLimitOf,
  professionConfigInputSchema,
  templatePlaceholderProblems,
} from "./admin-custom-profession";

describe("custom profession configuration rules", () => {
  it("falls back to 200 when a length limit is not a number (docs/product/admin.md)", () => {
    expect(lengthLimitOf(50)).toBe(50);
    expect(lengthLimitOf(" 80 ")).toBe(80);
    expect(lengthLimitOf("")).toBe(200);
    expect(lengthLimitOf("abc")).toBe(200);
    expect(lengthLimitOf(undefined)).toBe(200);
    expect(lengthLimitOf(null)).toBe(200);
    expect(lengthLimitOf(Number.NaN)).toBe(200);
    expect(lengthLimitOf("-3")).toBe(-3);
  });

  it("checks a template's placeholders against its form variant", () => {
    const problems = (...args: Parameters<typeof templatePlaceholderProblems>) =>
      templatePlaceholderProblems(...args).map((p) => p.message);
    expect(problems("{subject} titled {title}, {accessories}", "action_figure")).toEqual([]);
    expect(problems("{subject} as {profession} in {uniform_style}", "profession")).toEqual([]);
    expect(problems("a figure titled {title} with {gun} and {gun}", "action_figure")).toEqual([
      "Unknown placeholder {gun}: use {subject}, {title}, {accessories}, {other_ideas}",
      "The prompt template must contain {subject}",
    ]);
  });

  it("names each template problem and its placeholder in the issue's params (forms word it)", () => {
    const bad = professionConfigInputSchema.safeParse({
      name: "Pahlawan",
      baseStyleId: "7d1f6a7e-6a53-4b8e-9d4c-0d5f7b1e2a3c",
      promptTemplate: "a figure titled {senjata}",
    });
    const issues = bad.error?.issues.filter((i) => i.path.join(".") === "promptTemplate");
    expect(issues?.map((i) => (i.code === "custom" ? i.params : null))).toEqual([
      { problem: "unknown", placeholder: "{senjata}" },
      { problem: "missing", placeholder: "{subject}" },
      { problem: "missing", placeholder: "{title}" },
    ]);
  });

  it("validates the whole form: name required, limits within 1..2000", () => {
    const base = {
      name: "Pahlawan",
      baseStyleId: "7d1f6a7e-6a53-4b8e-9d4c-0d5f7b1e2a3c",
      promptTemplate: "{subject} titled {title}",
    };
    const ok = professionConfigInputSchema.parse({ ...base, maxTitleLength: "x" });
    expect(ok).toMatchObject({ maxTitleLength: 200, maxAccessoriesLength: 200, category: null });
    const bad = professionConfigInputSchema.safeParse({ ...base, name: " ", maxTitleLength: 0 });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "maxTitleLength"]);
  });
});
