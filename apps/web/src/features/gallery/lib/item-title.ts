import type { GalleryItem } from "../api/gallery";

/** The name a result goes by: its style's name in the reader's language, or `fallback`. */
export function itemTitle(item: GalleryItem, lang: "id" | "en", fallback: string): string {
  if (item.style) return lang === "id" ? item.style.nameId : item.style.name;
  return fallback;
}
