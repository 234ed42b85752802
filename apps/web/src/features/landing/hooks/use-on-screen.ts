import { useEffect, useState } from "react";

/**
 * Whether `element` is on the screen (any part of it), followed with an IntersectionObserver:
 * false until the browser has said so (always true where there is no IntersectionObserver).
 * Pass the element through a callback ref held in state, so a replaced element is followed too.
 */
export function useOnScreen(element: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(false);
  const observable = typeof IntersectionObserver !== "undefined";
  useEffect(() => {
    if (!element || !observable) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, observable]);
  return observable ? onScreen : true;
}
