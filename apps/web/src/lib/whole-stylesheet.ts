import { WHOLE_STYLESHEET_EVENT, WHOLE_STYLESHEET_ID } from "@rupa/shared/page-loader";

/**
 * A server-rendered page's whole stylesheet, which its entry loader applies only when it can
 * matter (docs/decisions/051): asks the loader to link it now and resolves once it has loaded or
 * failed. The app's own pages link it in index.html, and there this resolves at once.
 */
export function wholeStylesheet(): Promise<unknown> {
  dispatchEvent(new Event(WHOLE_STYLESHEET_EVENT));
  const link = document.getElementById(WHOLE_STYLESHEET_ID);
  // The loader marks the link once it has loaded or failed: a failed sheet must not hold the app.
  return !link || link.hasAttribute("data-done")
    ? Promise.resolve()
    : new Promise((resolve) => {
        link.addEventListener("load", resolve);
        link.addEventListener("error", resolve);
      });
}

/**
 * Links the whole stylesheet the first time one of `elements` (the page's islands) shows an
 * element or a class it did not have (an island's next state), whose rules the server may not
 * have inlined. New text needs none. Returns the stop.
 */
export function wholeStylesheetOnChange(elements: readonly Element[]): () => void {
  const observer = new MutationObserver((records) => {
    if (
      records.some(
        (record) =>
          record.type === "attributes" ||
          [...record.addedNodes].some((node) => node instanceof Element),
      )
    ) {
      observer.disconnect();
      void wholeStylesheet();
    }
  });
  for (const element of elements)
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
