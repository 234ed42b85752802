import { isApiError } from "./api-client";
import type { MessageKey, Translate } from "./i18n";

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
    if (i18n.has(key)) return i18n.t(key as MessageKey);
    if (error.status >= 500) return i18n.t("errors.server");
  }
  return i18n.t("errors.generic");
}
