// Pure helpers behind the i18n provider; no React, so tests can use them directly.

export const LANGS = ["id", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "id";
/** localStorage key of the language choice; sign-out keeps it. */
export const LANG_STORAGE_KEY = "rupa.lang";
/** Cookie with the same choice, so the server renders a visitor's first page in it. */
export const LANG_COOKIE = "rupa.lang";

export type MessageTree = { [key: string]: string | MessageTree };
export type Vars = Record<string, string | number>;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** The stored language choice, or null when there is none (or storage is blocked). */
export function readStoredLang(): Lang | null {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language in a `document.cookie` string's rupa.lang cookie, or null. */
export function langFromCookie(cookie: string): Lang | null {
  const value = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${LANG_COOKIE}=`))
    ?.slice(LANG_COOKIE.length + 1);
  return isLang(value) ? value : null;
}

/** Flattens nested messages into dotted keys: { a: { b: "x" } } -> { "a.b": "x" }. */
export function flattenMessages(tree: MessageTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Replaces `{name}` with vars.name; unknown placeholders are left as they are. */
export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = vars[name];
    return value === undefined ? match : String(value);
  });
}

/** The sorted, de-duplicated placeholder names in a message. */
export function placeholders(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] ?? ""))].sort();
}

/** BCP 47 tag for Intl formatting and the og:locale value for a language. */
export const LOCALE_TAG: Record<Lang, string> = { id: "id-ID", en: "en-US" };
export const OG_LOCALE: Record<Lang, string> = { id: "id_ID", en: "en_US" };
