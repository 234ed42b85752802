import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { bannedWords, errorMessage } from "./error-message";
import { flattenMessages, interpolate, type MessageTree, type Vars } from "./i18n-core";
import type { MessageKey } from "./i18n";
import { kanvasPriceSentence } from "./kanvas-price";

function catalog(lang: "id" | "en") {
  const messages = flattenMessages(
    JSON.parse(
      readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), "utf8"),
    ) as MessageTree,
  );
  return {
    t: (key: MessageKey, vars?: Vars) => interpolate(messages.get(key) ?? key, vars),
    has: (key: string) => messages.has(key),
  };
}

const refused = new ApiError("banned_content", 422, "", [
  { path: ["variables", "title"], message: "senjata", code: "banned_word" },
  { path: ["variables", "accessories"], message: "judi online", code: "banned_word" },
  { path: ["variables", "accessories"], message: "senjata", code: "banned_word" },
  { path: ["other"], message: "not a word", code: "too_long" },
]);

describe("a refused banned word", () => {
  it("names each word once, or only those of one field", () => {
    expect(bannedWords(refused)).toEqual(["senjata", "judi online"]);
    expect(bannedWords(refused, "accessories")).toEqual(["judi online", "senjata"]);
    expect(bannedWords(refused, "props")).toEqual([]);
    expect(bannedWords(new ApiError("validation_failed", 400, "", refused.issues))).toEqual([]);
  });

  it("is said with the words in both languages", () => {
    expect(errorMessage(refused, catalog("id"))).toBe(
      'Teksmu mengandung kata yang tidak diizinkan: "senjata", "judi online". Tidak ada kredit yang terpakai.',
    );
    expect(errorMessage(refused, catalog("en"))).toBe(
      'Your text contains words that are not allowed: "senjata", "judi online". No credits were spent.',
    );
  });
});

describe("the Kanvas price sentence", () => {
  it("says the setting's price per picture in both languages", () => {
    const id = catalog("id");
    const en = catalog("en");
    expect(kanvasPriceSentence(id.t, 1)).toBe("Setiap gambar Kanvas memakai 1 kredit.");
    expect(kanvasPriceSentence(id.t, 7)).toBe("Setiap gambar Kanvas memakai 7 kredit.");
    expect(kanvasPriceSentence(en.t, 1)).toBe("Each Kanvas picture costs 1 credit.");
    expect(kanvasPriceSentence(en.t, 30)).toBe("Each Kanvas picture costs 30 credits.");
    expect(kanvasPriceSentence(en.t, 0)).toBe("Kanvas pictures are free for now.");
  });
});
