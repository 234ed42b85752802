import { type LocalLook, LOCAL_LOOKS } from "./local-renderer";

/** How the local renderer draws one style (a style's `model_specific_parameters.local`). */
export interface LocalLookConfig {
  look: LocalLook;
  palette?: string[];
  title?: string;
  subtitle?: string;
}

/** The local renderer's settings stored on a style (model_specific_parameters.local). */
export function localLookOf(style: { modelSpecificParameters: unknown }): LocalLookConfig {
  const raw =
    (style.modelSpecificParameters as { local?: Record<string, unknown> } | null)?.local ?? {};
  const look = LOCAL_LOOKS.includes(raw.look as LocalLook) ? (raw.look as LocalLook) : "cartoon";
  const palette = Array.isArray(raw.palette)
    ? raw.palette.filter((c): c is string => typeof c === "string" && /^#[0-9a-f]{3,6}$/i.test(c))
    : undefined;
  return {
    look,
    palette: palette?.length ? palette : undefined,
    title: typeof raw.title === "string" ? raw.title : undefined,
    subtitle: typeof raw.subtitle === "string" ? raw.subtitle : undefined,
  };
}
