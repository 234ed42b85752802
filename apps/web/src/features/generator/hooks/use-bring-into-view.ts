import { useEffect, useRef } from "react";

/**
 * A ref for a result that appears below the generator's form: scrolled smoothly into view when
 * it first shows, and again when `key` (the result it shows) changes.
 */
export function useBringIntoView<T extends HTMLElement>(
  key: string | undefined,
  block: ScrollLogicalPosition,
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: "smooth", block });
  }, [key, block]);
  return ref;
}
