import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import StyleDetailDialog, {
  type OpenStyle,
} from "@/features/catalogue/components/style-detail-dialog";
import type { CardRef } from "@/features/catalogue/lib/style-cards";
import type { Catalog } from "@/lib/i18n";
import type { Navigate } from "@/lib/page-navigation";
import { cachedStyleSummary } from "@/lib/styles-api";
import { IslandProviders } from "./island-providers";
import { useViewer } from "./routes/use-viewer";

function Dialog({ open, onClose }: { open: OpenStyle | null; onClose: () => void }) {
  const viewer = useViewer();
  return <StyleDetailDialog open={open} viewer={viewer} onClose={onClose} />;
}

export type StyleDialogContext = { catalog: Catalog; client: QueryClient; navigate: Navigate };

let dialog: { root: Root; element: HTMLElement } | null = null;

/**
 * Opens the style dialog over a visitor's server-rendered /eksplor, whose cards are the
 * server's HTML (docs/decisions/029): a React root of its own at the end of the body, with the
 * page's query cache (the card's style is shown at once from the list the page carried) and
 * the islands' providers, so "use this style" hands the page to the app at /generator. Another
 * card re-renders the same root. Returns the function that removes it (the app taking over).
 */
export function openStyleDialog(
  card: CardRef,
  { catalog, client, navigate }: StyleDialogContext,
): () => void {
  const summary = cachedStyleSummary(client, card.id);
  if (!dialog) {
    const element = document.createElement("div");
    document.body.append(element);
    dialog = { root: createRoot(element), element };
  }
  const { root } = dialog;
  const render = (open: OpenStyle | null) =>
    root.render(
      <StrictMode>
        <IslandProviders catalog={catalog} client={client} navigate={navigate}>
          <Dialog open={open} onClose={() => render(null)} />
        </IslandProviders>
      </StrictMode>,
    );
  render({ ...card, ...(summary ? { summary } : {}) });
  return () => {
    if (dialog?.root !== root) return;
    root.unmount();
    dialog.element.remove();
    dialog = null;
  };
}
