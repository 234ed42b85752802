import { LIMITS } from "@rupa/shared/constants";
import { useCallback, useState } from "react";
import type { StoredStyle } from "@/lib/selected-style";

/** Styles a member adds to the chosen one, made from the same photo at once. */
export const EXTRA_STYLES_MAX = LIMITS.batchStylesMax - 1;

/**
 * The styles added to the chosen one (at most 4, so 5 in all; docs/product/generator.md), in the
 * order they were added. Adding a fifth does nothing; the chosen style is never added.
 */
export function useExtraStyles(chosenId: string | null) {
  const [extras, setExtras] = useState<StoredStyle[]>([]);
  const toggle = useCallback(
    (style: StoredStyle) =>
      setExtras((list) => {
        if (list.some((s) => s.id === style.id)) return list.filter((s) => s.id !== style.id);
        if (list.length >= EXTRA_STYLES_MAX || style.id === chosenId) return list;
        return [...list, style];
      }),
    [chosenId],
  );
  return { extras, toggle, full: extras.length >= EXTRA_STYLES_MAX };
}
export type ExtraStyles = ReturnType<typeof useExtraStyles>;
