import { defaultPasFotoBackground, PAS_FOTO_CATEGORY, type PasFotoBackground } from "@rupa/shared";

/**
 * The provider prompt from a style: `{subject}` becomes the gender-specific description (itself
 * written around `{subject}`) and variables fill `{title}`, `{accessories}`… placeholders.
 */
export function buildPrompt(
  template: string,
  genderPrompts: Partial<Record<string, string>>,
  gender: string | undefined,
  variables: Record<string, string>,
): string {
  const person = "the person in the photo";
  const subject = (gender && genderPrompts[gender]?.replaceAll("{subject}", person)) || person;
  let prompt = template.replaceAll("{subject}", subject);
  for (const [k, v] of Object.entries(variables))
    prompt = prompt.replaceAll(`{${k}}`, v.replace(/[{}]/g, ""));
  return prompt
    .replace(/\{[a-z_]+\}/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The plain backgrounds a Formal CV/CPNS photo can have, as the prompt and the renderer say them. */
export const BACKGROUND_COLOURS: Record<PasFotoBackground, { words: string; hex: string }> = {
  red: { words: "plain solid red", hex: "#c62828" },
  blue: { words: "plain solid blue", hex: "#1e5aa8" },
  white: { words: "plain solid white", hex: "#f5f5f5" },
};

/**
 * The background a Formal CV/CPNS style is made with: the one asked for, or by default red for a
 * CPNS style (tagged `cpns`) and blue for other documents. Null for other categories.
 */
export function backgroundFor(
  style: { category: string; tags: string[] | null },
  asked: string | undefined,
): PasFotoBackground | null {
  if (style.category === PAS_FOTO_CATEGORY && asked !== undefined)
    return asked as PasFotoBackground;
  return defaultPasFotoBackground(style);
}

/**
 * The prompt asking for a plain background of `colour`: every clause after the first that
 * describes a background or backdrop is replaced by one that says the colour.
 */
export function withBackground(prompt: string, colour: PasFotoBackground): string {
  const [first = "", ...rest] = prompt.split(",");
  const kept = rest.filter((c) => !/\b(background|backdrop)s?\b/i.test(c));
  return [first, ...kept, ` ${BACKGROUND_COLOURS[colour].words} background`].join(",");
}
