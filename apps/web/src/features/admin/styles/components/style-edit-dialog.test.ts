import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FieldError } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { AdminStyle } from "@rupa/shared";
import { flattenMessages, interpolate, type MessageTree } from "@/lib/i18n-core";
import type { AdminTranslate } from "../../lib/admin-i18n";
import { schemaResolver } from "../../lib/form";
import { styleFormRules, valuesOf } from "./style-edit-dialog";

// The edit dialog checks a style with the PATCH schema and shows the texts it always showed.

const file = fileURLToPath(new URL("../../../../locales/admin/id.json", import.meta.url));
const messages = flattenMessages(JSON.parse(readFileSync(file, "utf8")) as MessageTree);
const t = ((key: string, vars?: Record<string, string | number>) =>
  interpolate(messages.get(key) ?? key, vars)) as AdminTranslate;
const rules = styleFormRules(t);
const resolver = schemaResolver(rules);
const options = { fields: {}, names: [], shouldUseNativeValidation: false } as never;

const style: AdminStyle = {
  id: "5f0c2d4e-8d4b-4a57-9a3c-1e2f3a4b5c6d",
  slug: "kartun",
  name: "Cartoon",
  nameId: "Kartun",
  category: "cartoon",
  isActive: true,
  isPremium: false,
  likenessCheck: false,
  sortOrder: 3,
  thumbnailUrl: null,
  generatedCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  description: "A cartoon",
  descriptionId: "Kartun",
  tags: ["fun", "bright"],
  promptTemplate: "a cartoon of {subject}",
  previewPromptTemplate: null,
  genderSpecificPrompts: { male: "a man" },
  modelName: "sdxl",
  modelParameters: {
    style_strength: 0.7,
    guidance_scale: 7.5,
    num_steps: 25,
    scheduler: "DPM++ Multistep",
    use_fixed_seed: false,
    fixed_seed: null,
    negative_prompt: "",
  },
  modelSpecificParameters: { lora: "x" },
};

async function errorsOf(changes: Partial<ReturnType<typeof valuesOf>>) {
  const result = await resolver({ ...valuesOf(style), ...changes }, undefined, options);
  return Object.fromEntries(
    Object.entries(result.errors as Record<string, FieldError>).map(([k, e]) => [k, e.message]),
  );
}

describe("the style edit form", () => {
  it("sends the style as the PATCH body (tags split, numbers read, empty preview null)", async () => {
    const result = await resolver(
      { ...valuesOf(style), tags: " fun, , bright ", styleStrength: "0.8", name: " Toon " },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      name: "Toon",
      tags: ["fun", "bright"],
      sortOrder: 3,
      previewPromptTemplate: null,
      genderSpecificPrompts: { male: "a man", female: "", female_hijab: "" },
      modelParameters: { style_strength: 0.8, num_steps: 25, fixed_seed: null },
      modelSpecificParameters: { lora: "x" },
    });
  });

  it("shows each mistake under its field in the admin's words, as before", async () => {
    expect(
      await errorsOf({
        nameId: " ",
        promptTemplate: "a cartoon",
        previewPromptTemplate: "preview without the placeholder",
        sortOrder: "1.5",
        styleStrength: "1.05",
        guidance: "",
        steps: "101",
        useFixedSeed: true,
        fixedSeed: "",
        modelJson: "{ not json",
      }),
    ).toEqual({
      nameId: "Wajib diisi",
      promptTemplate: "Wajib berisi {subject}",
      previewPromptTemplate: "Wajib berisi {subject}",
      sortOrder: "Antara 0 dan 1000000, kelipatan 1",
      styleStrength: "Antara 0 dan 1, kelipatan 0.1",
      guidance: "Antara 1 dan 20, kelipatan 0.5",
      steps: "Antara 1 dan 100, kelipatan 1",
      fixedSeed: "Antara 0 dan 4294967295, kelipatan 1",
      modelJson: "Ini bukan objek JSON yang valid",
    });
    expect(await errorsOf({ modelJson: "[1, 2]", modelName: "" })).toEqual({
      modelName: "Wajib diisi",
      modelJson: "Ini bukan objek JSON yang valid",
    });
  });

  it("sends Garansi Mirip's switch as likenessCheck, as the style has it or as switched", async () => {
    expect(valuesOf({ ...style, likenessCheck: true }).likenessCheck).toBe(true);
    const off = await resolver(valuesOf(style), undefined, options);
    expect(off.values).toMatchObject({ likenessCheck: false });
    const on = await resolver({ ...valuesOf(style), likenessCheck: true }, undefined, options);
    expect(on.errors).toEqual({});
    expect(on.values).toMatchObject({ likenessCheck: true });
    expect(rules.fieldOf(["likenessCheck"])).toBe("likenessCheck");
  });

  it("finds the field a 400's issue names", () => {
    expect(rules.fieldOf(["modelParameters", "num_steps"])).toBe("steps");
    expect(rules.fieldOf(["modelSpecificParameters"])).toBe("modelJson");
    expect(rules.fieldOf(["tags", 3])).toBe("tags");
    expect(rules.fieldOf(["genderSpecificPrompts", "female_hijab"])).toBe("femaleHijab");
    expect(rules.fieldOf(["slug"])).toBeNull();
  });
});
