import { beforeEach, describe, expect, it } from "vitest";
import { getRecentStyles, getSelectedStyle, RECENT_MAX, selectStyle } from "./selected-style";

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

describe("selected style", () => {
  it("stores the choice and keeps at most 8 recent styles, newest first, without repeats", () => {
    for (let i = 1; i <= 10; i++)
      selectStyle({ id: id(i), name: `S${i}`, imageUrl: null, isPremium: false });
    selectStyle({ id: id(5), name: "S5", imageUrl: null, isPremium: false });
    expect(getSelectedStyle()?.id).toBe(id(5));
    const recent = getRecentStyles();
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]!.id).toBe(id(5));
    expect(new Set(recent.map((r) => r.id)).size).toBe(RECENT_MAX);
  });

  it("clears a stored id that is not a UUID", () => {
    localStorage.setItem("selectedStyle", JSON.stringify({ id: "../../etc", name: "x" }));
    expect(getSelectedStyle()).toBeNull();
    expect(localStorage.getItem("selectedStyle")).toBeNull();
    expect(() =>
      selectStyle({ id: "nope", name: "x", imageUrl: null, isPremium: false }),
    ).toThrow();
  });
});
