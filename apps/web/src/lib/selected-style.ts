/**
 * The style a person chose (local storage `selectedStyle`) and the "Recently used" strip
 * (`recentStyles`, at most 8), as docs/product/catalogue.md says. A stored id that is not a UUID
 * is cleared.
 */
export interface StoredStyle {
  id: string;
  name: string;
  imageUrl: string | null;
  isPremium: boolean;
}

const SELECTED = "selectedStyle";
const RECENT = "recentStyles";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RECENT_MAX = 8;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function isStoredStyle(v: unknown): v is StoredStyle {
  const s = v as Partial<StoredStyle> | null;
  return !!s && typeof s.id === "string" && UUID.test(s.id) && typeof s.name === "string";
}

/** The selected style, or null (an invalid stored value is removed). */
export function getSelectedStyle(): StoredStyle | null {
  const v = read(SELECTED);
  if (v === null) return null;
  if (isStoredStyle(v)) return v;
  localStorage.removeItem(SELECTED);
  return null;
}

export function selectStyle(style: StoredStyle): void {
  if (!UUID.test(style.id)) throw new Error("Style id must be a UUID");
  localStorage.setItem(SELECTED, JSON.stringify(style));
  const recent = getRecentStyles().filter((s) => s.id !== style.id);
  localStorage.setItem(RECENT, JSON.stringify([style, ...recent].slice(0, RECENT_MAX)));
}

export function clearSelectedStyle(): void {
  localStorage.removeItem(SELECTED);
}

export function getRecentStyles(): StoredStyle[] {
  const v = read(RECENT);
  return Array.isArray(v) ? v.filter(isStoredStyle).slice(0, RECENT_MAX) : [];
}
