import { Suspense, useState, type ReactNode } from "react";

/**
 * For a dialog whose code loads on use (`React.lazy`): draws `children` from the first time
 * `open` is true, and keeps them from then on, so the dialog plays its closing and opens again
 * at once. A dialog is drawn over the page: waiting for its code shows nothing and moves nothing
 * (docs/decisions/041).
 */
export function OnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
