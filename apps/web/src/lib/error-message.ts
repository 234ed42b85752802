import { isApiError } from "./api-client";
import type { MessageKey, Translate } from "./i18n";

/**
 * The words a `banned_content` refusal names (its `banned_word` issues), each once, in the order
 * the server found them; only those typed in `field` (the issue path's last name) when given.
 */
export function bannedWords(error: unknown, field?: string): string[] {
  if (!isApiError(error) || error.code !== "banned_content") return [];
  const words = (error.issues ?? [])
    .filter((i) => i.code === "banned_word" && (field === undefined || i.path.at(-1) === field))
    .map((i) => i.message);
  return [...new Set(words)];
}

/** The words as a sentence quotes them: "judi", "kotor". */
export function quoteWords(words: string[]): string {
  return words.map((w) => `"${w}"`).join(", ");
}

/** The values an error's sentence takes: `{words}` for a refused banned word. */
export function errorVars(error: unknown): { words: string } {
  return { words: quoteWords(bannedWords(error)) };
}

/**
 * The translated sentence for an error: `errors.codes.<CODE>` when the locale has it,
 * otherwise a generic message by kind. Pass `useI18n()` as the second argument.
 *
 *   onError: (error) => toast.error(errorMessage(error, i18n))
 */
export function errorMessage(
  error: unknown,
  i18n: { t: Translate; has: (key: string) => boolean },
): string {
  if (isApiError(error)) {
    const key = `errors.codes.${error.code}`;
    if (i18n.has(key)) return i18n.t(key as MessageKey, errorVars(error));
    if (error.status >= 500) return i18n.t("errors.server");
  }
  return i18n.t("errors.generic");
}
