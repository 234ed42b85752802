import { createContext, use, type ComponentType, type ReactElement } from "react";

/**
 * The parts of a server-rendered page that the browser hydrates on their own
 * (docs/decisions/026). Each name has a loader in app/islands.tsx.
 */
export type IslandName =
  | "language-toggle"
  | "landing-categories"
  | "landing-carousel"
  | "setting-slot"
  | "explore-hero"
  | "explore-recent"
  | "explore-controls"
  | "pas-foto-checker"
  | "auth";

/** Props an island is rendered with: they travel in the HTML as JSON. */
export type IslandProps = Record<string, unknown>;

/** What the server's renderer answers for one island: its HTML and its useId prefix. */
export type RenderedIsland = { html: string; idPrefix: string };

/**
 * Given by the server's renderer (entry-server.tsx): renders an island as its own React root,
 * exactly as the browser will hydrate it (same providers, its own useId prefix).
 */
export const IslandRendererContext = createContext<
  ((element: ReactElement) => RenderedIsland) | null
>(null);

/**
 * A part of the page that works on its own in a server-rendered page. In the app it is its
 * component in a `display: contents` wrapper; in the server's HTML it is rendered as a separate
 * root, which app/islands.tsx hydrates with the same props once its code has loaded.
 */
export function Island<P extends IslandProps>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const renderIsland = use(IslandRendererContext);
  if (renderIsland) {
    const { html, idPrefix } = renderIsland(<Component {...props} />);
    return (
      <div
        className="contents"
        data-island={name}
        data-props={JSON.stringify(props)}
        data-id-prefix={idPrefix}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <div className="contents" data-island={name}>
      <Component {...props} />
    </div>
  );
}
