import type { PasFotoBackground } from "@rupa/shared/constants";

export const PAS_FOTO_CATEGORY = "formal_cv_cpns";

/**
 * The background a Formal CV/CPNS style starts with (the server's default too): red when the
 * style is tagged "cpns", else blue. Null for other styles (no background choice).
 */
export function defaultBackground(
  style: { category: string; tags: readonly string[] } | undefined,
): PasFotoBackground | null {
  if (!style || style.category !== PAS_FOTO_CATEGORY) return null;
  return style.tags.some((tag) => tag.toLowerCase() === "cpns") ? "red" : "blue";
}
