import type { ComponentProps } from "react";

/**
 * A file input out of sight, out of the tab order and hidden from assistive technology: a
 * visible button opens it with `click()`.
 */
export function HiddenFileInput(props: Omit<ComponentProps<"input">, "type" | "className">) {
  return <input type="file" className="sr-only" tabIndex={-1} aria-hidden {...props} />;
}
