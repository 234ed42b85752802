import type { StyleSummary } from "@rupa/shared";
import { Crown } from "lucide-react";
import { memo, type Ref } from "react";
import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { styleName } from "../lib/groups";
import { StyleImage } from "./style-image";

/** One style in a grid or strip: picture (or placeholder), name, Premium badge. Opens the dialog. */
export const StyleCard = memo(function StyleCard({
  style,
  onOpen,
  onIntent,
  priority = "lazy",
  observeRef,
}: {
  style: Pick<StyleSummary, "id" | "name" | "nameId" | "category" | "isPremium" | "preview">;
  /** Called with the style's id; pass a stable function (cards are memoised). */
  onOpen: (id: string) => void;
  onIntent?: () => void;
  priority?: "high" | "eager" | "lazy";
  observeRef?: Ref<HTMLButtonElement>;
}) {
  const { t, lang } = useI18n();
  const name = styleName(style, lang);
  // In a server-rendered page the card opens once the app's code has hydrated it.
  const hydrated = useHydrated();
  return (
    <button
      ref={observeRef}
      type="button"
      disabled={!hydrated}
      onClick={() => onOpen(style.id)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      aria-label={
        t("catalogue.openStyle", { style: name }) +
        (style.isPremium ? ` (${t("catalogue.premium")})` : "")
      }
      data-style-id={style.id}
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
        <Badge variant="premium" className="absolute top-2 left-2">
          <Crown aria-hidden />
          {t("catalogue.premium")}
        </Badge>
      ) : null}
      <span className="line-clamp-2 min-h-[3.25rem] px-3 py-2.5 text-sm leading-snug font-semibold text-foreground">
        {name}
      </span>
    </button>
  );
});
