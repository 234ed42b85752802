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

/** Output size for an aspect ratio, long side 1024. */
export function sizeFor(aspectRatio: string | undefined): { width: number; height: number } {
  const [w, h] = (aspectRatio ?? "1:1").split(":").map(Number) as [number, number];
  if (!w || !h) return { width: 1024, height: 1024 };
  return w >= h
    ? { width: 1024, height: Math.round((1024 * h) / w / 8) * 8 }
    : { width: Math.round((1024 * w) / h / 8) * 8, height: 1024 };
}
