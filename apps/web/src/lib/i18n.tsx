import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import enMessagesUrl from "../locales/en.json?url";
import type idMessages from "../locales/id.json";
import idMessagesUrl from "../locales/id.json?url";
import {
  DEFAULT_LANG,
  LANG_COOKIE,
  LANG_STORAGE_KEY,
  flattenMessages,
  interpolate,
  langFromCookie,
  readStoredLang,
  type Lang,
  type Vars,
} from "./i18n-core";

export { LANGS, LANG_STORAGE_KEY, readStoredLang, type Lang, type Vars } from "./i18n-core";

/** The message catalogue's shape; Indonesian is the reference and English must match it. */
export type Messages = typeof idMessages;

export type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every dotted key of the catalogue, e.g. "nav.eksplor". `t()` only accepts these. */
export type MessageKey = Leaves<Messages>;

export type Translate = (key: MessageKey, vars?: Vars) => string;

export type Catalog = { lang: Lang; messages: Map<string, string> };

// Each language is its own long-cached JSON file, so a visitor downloads only the one they read,
// and as data (JSON.parse) rather than as a script to compile.
const messageFiles: Record<Lang, string> = { id: idMessagesUrl, en: enMessagesUrl };

async function fetchMessages(lang: Lang): Promise<Messages> {
  const response = await fetch(messageFiles[lang], { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Messages for "${lang}" failed to load (${response.status})`);
  return (await response.json()) as Messages;
}

const catalogs = new Map<Lang, Promise<Catalog>>();

export function loadCatalog(lang: Lang): Promise<Catalog> {
  let pending = catalogs.get(lang);
  if (!pending) {
    pending = fetchMessages(lang).then((messages) => ({
      lang,
      messages: flattenMessages(messages),
    }));
    pending.catch(() => catalogs.delete(lang));
    catalogs.set(lang, pending);
  }
  return pending;
}

/** The stored language choice, or Indonesian. */
export function getStoredLang(): Lang {
  return readStoredLang() ?? DEFAULT_LANG;
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for the visit.
  }
  rememberLangForServer(lang);
}

/** Mirrors the language into a cookie, which the server reads to render a visitor's page. */
export function rememberLangForServer(lang: Lang): void {
  if (typeof document === "undefined") return;
  if (langFromCookie(document.cookie) === lang) return;
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Who asked for a language: the person (toggle) or the app (the account's saved choice). */
export type LangOrigin = "user" | "account";

type I18nValue = {
  lang: Lang;
  /**
   * Loads the language's messages, then switches, stores the choice and sets <html lang>.
   * A "user" choice (the default) is also reported to the provider's `onUserChoice`, which
   * saves it to a signed-in account; "account" applies the saved choice without saving back.
   */
  setLang: (lang: Lang, origin?: LangOrigin) => Promise<void>;
  t: Translate;
  /** Whether a key exists; for keys built at run time, such as error codes. */
  has: (key: string) => boolean;
};

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({
  initial,
  onUserChoice,
  switchPage,
  children,
}: {
  initial: Catalog;
  /** Called after the person switched language with the toggle. */
  onUserChoice?: (lang: Lang) => void;
  /**
   * Set by a server-rendered page's islands (docs/decisions/026): the page's text is HTML the
   * server wrote, so a new language stores the choice and calls this (which loads the page
   * again in it) instead of switching the messages here.
   */
  switchPage?: (lang: Lang) => void;
  children: ReactNode;
}) {
  const [catalog, setCatalog] = useState(initial);
  const requested = useRef(initial.lang);
  const onUserChoiceRef = useRef(onUserChoice);
  const switchPageRef = useRef(switchPage);
  useEffect(() => {
    onUserChoiceRef.current = onUserChoice;
    switchPageRef.current = switchPage;
  }, [onUserChoice, switchPage]);

  // Only when it differs: writing the attribute, even unchanged, has the browser work out the
  // whole page's style again (:lang), and a server-rendered page has a provider per island.
  useEffect(() => {
    if (document.documentElement.lang !== catalog.lang)
      document.documentElement.lang = catalog.lang;
  }, [catalog.lang]);

  // The person's own choice still loading: the account's saved language, applied just after
  // sign-in, must not overtake it (the toggle was tapped later than the account was saved).
  const userPending = useRef(0);

  const setLang = useCallback(async (next: Lang, origin: LangOrigin = "user") => {
    if (origin === "account" && userPending.current > 0) return;
    requested.current = next;
    if (switchPageRef.current) {
      storeLang(next);
      switchPageRef.current(next);
      return;
    }
    if (origin === "user") userPending.current += 1;
    try {
      const loaded = await loadCatalog(next);
      // A later call wins when the user taps quickly between languages.
      if (requested.current !== next) return;
      storeLang(next);
      setCatalog(loaded);
      if (origin === "user") onUserChoiceRef.current?.(next);
    } finally {
      if (origin === "user") userPending.current -= 1;
    }
  }, []);

  const value = useMemo<I18nValue>(() => {
    const { messages } = catalog;
    const t: Translate = (key, vars) => {
      const template = messages.get(key);
      if (template === undefined) {
        if (import.meta.env.DEV) console.warn(`[i18n] missing key "${key}" (${catalog.lang})`);
        return key;
      }
      return interpolate(template, vars);
    };
    return { lang: catalog.lang, setLang, t, has: (key) => messages.has(key) };
  }, [catalog, setLang]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = use(I18nContext);
  if (!value) throw new Error("useI18n must be used inside <I18nProvider>");
  return value;
}
