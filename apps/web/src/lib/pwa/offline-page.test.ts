import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { offlineLanguage, offlinePage, type OfflineMessages } from "./offline-page";

const locale = (lang: "id" | "en") =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), "utf8")) as {
      offline: OfflineMessages;
    }
  ).offline;

describe("offlinePage", () => {
  it("shows both languages, Indonesian first, with one try-again button", () => {
    const html = offlinePage({ id: locale("id"), en: locale("en") });
    expect(html).toContain('<html lang="id">');
    expect(html.indexOf(locale("id").title)).toBeLessThan(html.indexOf(locale("en").title));
    expect(html).toContain(locale("id").retry);
    expect(html).toContain(locale("en").retry);
    expect(html.match(/<button/g)).toHaveLength(1);
    // Its only script is a file (the CSP allows no inline script).
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/offline.js" defer>']);
  });

  it("escapes the messages", () => {
    const m = { title: "<b>", body: 'a "b" & c', retry: "x" };
    const html = offlinePage({ id: m, en: m });
    expect(html).not.toContain("<b>");
    expect(html).toContain("&#60;b&#62;");
    expect(html).toContain("a &#34;b&#34; &#38; c");
  });
});

describe("offlineLanguage", () => {
  it("takes the stored choice, then an English cookie, else none (both shown)", () => {
    expect(offlineLanguage("en", "rupa.lang=id")).toBe("en");
    expect(offlineLanguage("id", "rupa.lang=en")).toBe("id");
    expect(offlineLanguage(null, "a=1; rupa.lang=en")).toBe("en");
    expect(offlineLanguage("fr", "rupa.lang=en; b=2")).toBe("en");
    // The app mirrors its default into the cookie: that is no choice.
    expect(offlineLanguage(null, "rupa.lang=id")).toBeNull();
    expect(offlineLanguage(null, "rupa.lang=english")).toBeNull();
    expect(offlineLanguage(null, "")).toBeNull();
  });
});
