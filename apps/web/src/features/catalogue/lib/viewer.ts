/** Who is looking at the catalogue, as the route works it out from the session and guest trial. */
export type Viewer =
  | { kind: "loading" }
  | { kind: "user"; credits: number; watermarkedOnly: boolean }
  /** `trial` is the guest's free try: still "available", "used", or not known yet ("loading"). */
  | { kind: "visitor"; trial: "loading" | "available" | "used" };

/** What the style dialog's action button does (docs/product/catalogue.md, Style detail dialog). */
export type StyleAction = "get" | "try" | "signUp";

/**
 * "Get This Style" for signed-in users, "Coba Gratis" for a visitor who can still generate,
 * otherwise "Daftar Sekarang". While the trial is unknown the visitor may try: the server decides
 * when they generate.
 */
export function styleAction(viewer: Viewer): StyleAction {
  if (viewer.kind === "user") return "get";
  if (viewer.kind === "visitor" && viewer.trial === "used") return "signUp";
  return "try";
}
