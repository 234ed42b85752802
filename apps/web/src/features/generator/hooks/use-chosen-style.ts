import { defaultPasFotoBackground, type PasFotoBackground } from "@rupa/shared/constants";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "@/lib/router";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { clearSelectedStyle, getSelectedStyle, type StoredStyle } from "@/lib/selected-style";
import { useStyleDetail } from "@/lib/styles-api";
import { toast } from "@/lib/toast";
import type { Gender } from "../components/gender-picker";

/** Categories whose prompts depend on the person's gender (and hijab). */
const GENDERED = new Set(["hijab_style", "profesi_collectibles"]);

/**
 * The style the person chose (stored when they picked it) with its details, and the choices it
 * offers: gender (required for gendered styles; a hijab style starts at hijab), the pas foto's
 * background (Formal CV/CPNS styles), and the custom action figure (members, action figures).
 * Without a valid stored style there is nothing to generate: back to the catalogue
 * (docs/product/generator.md).
 */
export function useChosenStyle(member: boolean) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const [stored] = useState<StoredStyle | null>(() => getSelectedStyle());
  const style = useStyleDetail(stored?.id ?? null);
  const [gender, setGender] = useState<Gender | null>(null);
  const [background, setBackground] = useState<PasFotoBackground | null>(null);

  /** The style is gone (deleted or hidden since it was chosen): say so, back to the catalogue. */
  const gone = useCallback(() => {
    clearSelectedStyle();
    toast.error(t("generator.errors.styleGone"));
    void navigate("/", { replace: true });
  }, [navigate, t]);
  useEffect(() => {
    if (!stored) void navigate("/", { replace: true });
  }, [stored, navigate]);
  useEffect(() => {
    if (isApiError(style.error) && style.error.status === 404) gone();
  }, [style.error, gone]);

  const category = style.data?.category;
  const backgroundDefault = defaultPasFotoBackground(style.data);
  return {
    stored,
    style,
    styleName:
      (style.data ? (lang === "id" ? style.data.nameId : style.data.name) : null) ??
      stored?.name ??
      "",
    styleImage: style.data?.preview?.card ?? stored?.imageUrl ?? null,
    gendered: !!category && GENDERED.has(category),
    chosenGender: gender ?? (category === "hijab_style" ? "female_hijab" : null),
    setGender,
    chosenBackground: backgroundDefault ? (background ?? backgroundDefault) : null,
    setBackground,
    offersCustomFigure: member && category === "profesi_collectibles",
    gone,
  };
}
export type ChosenStyle = ReturnType<typeof useChosenStyle>;
