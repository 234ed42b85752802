import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { flattenMessages, interpolate, placeholders, type MessageTree } from "./i18n-core";

const srcDir = fileURLToPath(new URL("..", import.meta.url));

/** The app's catalogue (`locales/`) and the admin panel's own (`locales/admin/`). */
const CATALOGUES = ["", "admin"] as const;

function localePath(catalogue: string, lang: "id" | "en"): string {
  return join(srcDir, "locales", catalogue, `${lang}.json`);
}

function readLocale(lang: "id" | "en", catalogue = ""): Map<string, string> {
  const raw = JSON.parse(readFileSync(localePath(catalogue, lang), "utf8")) as MessageTree;
  return flattenMessages(raw);
}

/** Every key found in `a` but not in `b`. */
function missingIn(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((key) => !b.has(key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe.each(CATALOGUES)("locale files %s", (catalogue) => {
  const id = readLocale("id", catalogue);
  const en = readLocale("en", catalogue);

  it("have the same keys in Indonesian and English", () => {
    expect(missingIn(id, en), "keys in id.json missing from en.json").toEqual([]);
    expect(missingIn(en, id), "keys in en.json missing from id.json").toEqual([]);
    expect(id.size).toBeGreaterThan(0);
  });

  it("have no empty messages", () => {
    for (const [lang, messages] of [
      ["id", id],
      ["en", en],
    ] as const) {
      const empty = [...messages].filter(([, value]) => value.trim() === "").map(([key]) => key);
      expect(empty, `empty messages in ${lang}.json`).toEqual([]);
    }
  });

  it("use the same {placeholders} in both languages", () => {
    const differing = [...id]
      .filter(([key, value]) => {
        const other = en.get(key);
        return other !== undefined && placeholders(value).join() !== placeholders(other).join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it("contain only strings and objects (nested, no arrays or numbers)", () => {
    for (const lang of ["id", "en"]) {
      const text = readFileSync(localePath(catalogue, lang as "id" | "en"), "utf8");
      const check = (value: unknown, path: string): void => {
        if (typeof value === "string") return;
        expect(
          typeof value === "object" && value !== null && !Array.isArray(value),
          `${lang}: ${path}`,
        ).toBe(true);
        for (const [key, child] of Object.entries(value as object))
          check(child, path ? `${path}.${key}` : key);
      };
      check(JSON.parse(text), "");
    }
  });
});

describe("source code", () => {
  it("only calls t() with keys that exist in id.json (or the admin id.json)", () => {
    const id = readLocale("id");
    const adminId = readLocale("id", "admin");
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(10);
    const call = /\bt\(\s*(["'`])([^"'`]+?)\1/g;
    const unknown: string[] = [];
    let calls = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(call)) {
        const key = match[2] ?? "";
        if (key.includes("${")) continue; // template keys are checked by the MessageKey type
        calls += 1;
        if (!id.has(key) && !adminId.has(key)) unknown.push(`${relative(srcDir, file)}: ${key}`);
      }
    }
    expect(calls, "the scan found no t() calls; is the pattern broken?").toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });
});

describe("flattenMessages and interpolate", () => {
  it("flattens nested keys with dots", () => {
    expect([...flattenMessages({ a: { b: "x", c: { d: "y" } }, e: "z" })]).toEqual([
      ["a.b", "x"],
      ["a.c.d", "y"],
      ["e", "z"],
    ]);
  });

  it("replaces {name} placeholders and leaves unknown ones", () => {
    expect(interpolate("{style} dipilih, {n} kredit", { style: "Kartun", n: 3 })).toBe(
      "Kartun dipilih, 3 kredit",
    );
    expect(interpolate("Halo {name}", {})).toBe("Halo {name}");
    expect(interpolate("Halo {name}")).toBe("Halo {name}");
  });

  it("lists placeholders sorted and unique", () => {
    expect(placeholders("{b} {a} {b}")).toEqual(["a", "b"]);
    expect(placeholders("none")).toEqual([]);
  });
});
