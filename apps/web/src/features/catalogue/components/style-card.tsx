import type { StyleSummary } from "@rupa/shared";
import { Crown } from "lucide-react";
import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import type { StyleEventSection } from "../api/events";
import { styleName } from "../lib/groups";
import { StyleImage } from "./style-image";

/** What a card shows of a style. */
export type CardStyle = Pick<
  StyleSummary,
  "id" | "name" | "nameId" | "category" | "isPremium" | "preview"
>;

/**
 * One style in a grid or strip: picture (or placeholder), name, Premium badge. A click opens the
 * style's dialog through lib/style-cards (watchStyleCards on the view around it), which reads
 * the style and the section from the button's data attributes: the same in the server's HTML
 * and in the app.
 */
export const StyleCard = memo(function StyleCard({
  style,
  section,
  priority = "lazy",
}: {
  style: CardStyle;
  section: StyleEventSection;
  priority?: "high" | "eager" | "lazy";
}) {
  const { t, lang } = useI18n();
  const name = styleName(style, lang);
  // In a server-rendered page the card opens once the page's code runs (watchStyleCards).
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      // The label holds what the card shows, in its order ("Premium", then the name), so that a
      // person who says what they see (voice control) names the button: "Lihat gaya Premium X".
      aria-label={t("catalogue.openStyle", {
        style: style.isPremium ? `${t("catalogue.premium")} ${name}` : name,
      })}
      data-style-id={style.id}
      data-section={section}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-soft transition-[transform,box-shadow] hover:-translate-y-0.5 hover:shadow-lift focus-visible:-translate-y-0.5 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <StyleImage
        image={style.preview}
        alt=""
        category={style.category}
        priority={priority}
        placeholderLabel={t("catalogue.noPreview")}
        className="transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
      />
      {style.isPremium ? (
        <>
          <Badge variant="premium" className="absolute top-2 left-2">
            <Crown aria-hidden />
            {t("catalogue.premium")}
          </Badge>
          {/* A space before the name: the card reads "Premium X", not "PremiumX" (between flex
              items it takes no room). */}{" "}
        </>
      ) : null}
      {/* The whole name: a long one ("Action Figure Pemadam Kebakaran") takes a third line. */}
      <span className="min-h-[3.25rem] px-3 py-2.5 text-sm leading-snug font-semibold text-foreground">
        <span className="[overflow-wrap:anywhere]">{name}</span>
      </span>
    </button>
  );
});
