import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FieldError } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { flattenMessages, interpolate, type MessageTree } from "@/lib/i18n-core";
import type { AdminTranslate } from "../../lib/admin-i18n";
import { schemaResolver } from "../../lib/form";
import { professionFormRules, valuesOf } from "./config-dialog";

// The configuration dialog checks with the server's schema and shows the texts it always showed.

const file = fileURLToPath(new URL("../../../../locales/admin/id.json", import.meta.url));
const messages = flattenMessages(JSON.parse(readFileSync(file, "utf8")) as MessageTree);
const t = ((key: string, vars?: Record<string, string | number>) =>
  interpolate(messages.get(key) ?? key, vars)) as AdminTranslate;
const resolver = schemaResolver(professionFormRules(t));
const options = { fields: {}, names: [], shouldUseNativeValidation: false } as never;
const base = {
  ...valuesOf(null, [
    {
      id: "7d1f6a7e-6a53-4b8e-9d4c-0d5f7b1e2a3c",
      name: "Hero",
      nameId: "Pahlawan",
      category: "cartoon",
    },
  ]),
  name: "Pahlawan",
  promptTemplate: "a figure of {subject} titled {title}",
};

async function errorsOf(changes: Partial<typeof base>) {
  const result = await resolver({ ...base, ...changes }, undefined, options);
  return Object.fromEntries(
    Object.entries(result.errors as Record<string, FieldError>).map(([k, e]) => [k, e.message]),
  );
}

describe("the custom profession configuration form", () => {
  it("sends the schema's output: limits read as numbers (an empty one is 200), no group is null", async () => {
    const result = await resolver(
      { ...base, maxTitleLength: "", maxAccessoriesLength: " 80 " },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      name: "Pahlawan",
      category: null,
      maxTitleLength: 200,
      maxAccessoriesLength: 80,
      maxOtherIdeasLength: 200,
    });
  });

  it("shows each mistake under its field in the admin's words, as before", async () => {
    expect(
      await errorsOf({
        name: " ",
        baseStyleId: "",
        maxOtherIdeasLength: "2001",
        promptTemplate: "",
      }),
    ).toEqual({
      name: "Nama wajib diisi",
      baseStyleId: "Pilih gaya dasar",
      maxOtherIdeasLength: "Batas panjang berupa bilangan bulat 1 sampai 2000",
      promptTemplate: "Template prompt wajib diisi",
    });
  });

  it("names an unknown placeholder before a missing one", async () => {
    expect(await errorsOf({ promptTemplate: "figure of {subject} with {senjata}" })).toEqual({
      promptTemplate: "{senjata} bukan placeholder formulir ini",
    });
    expect(await errorsOf({ promptTemplate: "figure of {subject}" })).toEqual({
      promptTemplate: "Template prompt harus memuat {title}",
    });
    expect(
      await errorsOf({ formVariant: "profession", promptTemplate: "{subject} as a {title}" }),
    ).toEqual({ promptTemplate: "{title} bukan placeholder formulir ini" });
  });
});
