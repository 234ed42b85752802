import { useCallback } from "react";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import type { FieldErrors } from "./validation";

/**
 * Message helpers shared by the auth forms:
 * - `field(key)` translates a validation key from the client or the server's issues;
 * - `fields(errors)` does it for a whole FieldErrors object;
 * - `failure(titleKey, error)` shows the error toast docs/product/errors.md describes: the title,
 *   and the server's translated message, or "an unexpected error occurred" when no answer came
 *   back.
 */
export function useAuthMessages() {
  const i18n = useI18n();
  const { t, has } = i18n;

  const field = useCallback(
    (key: string | undefined): string | undefined => {
      if (!key) return undefined;
      const full = `validation.${key}`;
      return has(full) ? t(full as MessageKey) : t("validation.invalid");
    },
    [t, has],
  );

  const fields = useCallback(
    <F extends string>(errors: FieldErrors<F>): Partial<Record<F, string>> => {
      const out: Partial<Record<F, string>> = {};
      for (const [name, key] of Object.entries(errors) as [F, string | undefined][]) {
        const message = field(key);
        if (message) out[name] = message;
      }
      return out;
    },
    [field],
  );

  const describe = useCallback(
    (error: unknown): string =>
      isApiError(error) && error.status > 0 && error.code !== "INVALID_RESPONSE"
        ? errorMessage(error, i18n)
        : t("auth.toasts.unexpected"),
    [i18n, t],
  );

  const failure = useCallback(
    (titleKey: MessageKey, error: unknown): void => {
      toast.error(t(titleKey), { description: describe(error) });
    },
    [t, describe],
  );

  return { field, fields, describe, failure };
}
