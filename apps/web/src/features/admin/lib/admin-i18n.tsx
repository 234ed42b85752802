import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import type adminIdMessages from "@/locales/admin/id.json";
import { errorMessage } from "@/lib/error-message";
import { useI18n, type Lang, type Leaves, type Vars } from "@/lib/i18n";
import { flattenMessages, interpolate, type MessageTree } from "@/lib/i18n-core";

/**
 * The admin panel's own message catalogue (`locales/admin/{id,en}.json`), fetched only when an
 * admin opens /admin, so none of its strings weigh on the landing page. It follows the app's
 * language; until the catalogue for a language arrives, the previous one keeps showing.
 */
export type AdminMessageKey = Leaves<typeof adminIdMessages>;
export type AdminTranslate = (key: AdminMessageKey, vars?: Vars) => string;

// Each language is its own chunk, downloaded the first time an admin reads it.
const loaders: Record<Lang, () => Promise<{ default: MessageTree }>> = {
  id: () => import("@/locales/admin/id.json"),
  en: () => import("@/locales/admin/en.json"),
};
const catalogs = new Map<Lang, Promise<Map<string, string>>>();

function loadAdminCatalog(lang: Lang): Promise<Map<string, string>> {
  let pending = catalogs.get(lang);
  if (!pending) {
    pending = loaders[lang]().then((module) => flattenMessages(module.default));
    pending.catch(() => catalogs.delete(lang));
    catalogs.set(lang, pending);
  }
  return pending;
}

interface AdminI18nValue {
  lang: Lang;
  t: AdminTranslate;
  /** Whether a key exists; for keys built from what the server sent (codes, actions). */
  has: (key: string) => boolean;
}

const AdminI18nContext = createContext<AdminI18nValue | null>(null);

type LoadState =
  | { status: "loading" }
  | { status: "ready"; lang: Lang; messages: Map<string, string> }
  | { status: "error"; error: unknown };

/** Renders `fallback` until the admin catalogue has loaded once (a failed load is thrown). */
export function AdminI18nProvider({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { lang } = useI18n();
  const [state, setState] = useState<LoadState>({ status: "loading" });

  useEffect(() => {
    let live = true;
    loadAdminCatalog(lang).then(
      (messages) => live && setState({ status: "ready", lang, messages }),
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [lang]);

  const value = useMemo<AdminI18nValue | null>(() => {
    if (state.status !== "ready") return null;
    const { messages } = state;
    return {
      lang: state.lang,
      t: (key, vars) => {
        const template = messages.get(key);
        if (template === undefined) return key;
        return interpolate(template, vars);
      },
      has: (key) => messages.has(key),
    };
  }, [state]);

  if (state.status === "error") throw state.error;
  if (!value) return fallback;
  return <AdminI18nContext value={value}>{children}</AdminI18nContext>;
}

export function useAdminI18n(): AdminI18nValue {
  const value = use(AdminI18nContext);
  if (!value) throw new Error("useAdminI18n must be used inside <AdminI18nProvider>");
  return value;
}

/**
 * The app's `errorMessage` for the admin panel: an error's code is looked up in the admin
 * catalogue's `errors.codes` first (codes only admin routes answer, such as `keyword_exists`),
 * then in the app catalogue's (`not_found`, `last_admin`, ...), then the generic sentence.
 *
 *   onError: (error) => toast.error(t("users.roleFailed"), { description: adminError(error) })
 */
export function useAdminErrorMessage(): (error: unknown) => string {
  const app = useI18n();
  const admin = useAdminI18n();
  return useCallback(
    (error: unknown) =>
      errorMessage(error, {
        t: (key, vars) =>
          admin.has(key) ? admin.t(key as AdminMessageKey, vars) : app.t(key, vars),
        has: (key) => admin.has(key) || app.has(key),
      }),
    [app, admin],
  );
}
