import { describe, expect, it } from "vitest";
import { getActiveNavEntry } from "./nav-items";

describe("getActiveNavEntry", () => {
  it.each([
    ["/gallery", "gallery"],
    ["/gallery/", "gallery"],
    ["/kanvas", "kanvas"],
    ["/img2vid", "img2vid"],
    ["/eksplor", "eksplor"],
    ["/", "eksplor"],
    ["/generator", "eksplor"],
    ["/billing", "eksplor"],
    ["/feedback", "eksplor"],
    ["/galleryx", "eksplor"],
    ["/nope/kanvas", "eksplor"],
  ])("%s -> %s", (pathname, expected) => {
    expect(getActiveNavEntry(pathname)).toBe(expected);
  });
});
