import { CreditHero } from "@/features/catalogue/components/credit-hero";
import { useViewer } from "./use-viewer";

/**
 * The explore hero with the viewer's balance or free try: an island of a visitor's
 * server-rendered /eksplor (docs/decisions/029), so it reads the session itself.
 */
export function ExploreHero({ title }: { title: string }) {
  const viewer = useViewer();
  return <CreditHero viewer={viewer} title={title} />;
}
