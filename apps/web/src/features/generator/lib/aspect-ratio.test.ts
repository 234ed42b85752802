import { describe, expect, it } from "vitest";
import { nearestAspectRatio } from "./aspect-ratio";

describe("nearestAspectRatio", () => {
  it("picks the exact ratio when the photo has one", () => {
    expect(nearestAspectRatio(1024, 1024)).toBe("1:1");
    expect(nearestAspectRatio(3000, 4000)).toBe("3:4");
    expect(nearestAspectRatio(4000, 3000)).toBe("4:3");
    expect(nearestAspectRatio(1080, 1920)).toBe("9:16");
    expect(nearestAspectRatio(1920, 1080)).toBe("16:9");
    expect(nearestAspectRatio(2520, 1080)).toBe("21:9");
    expect(nearestAspectRatio(800, 1000)).toBe("4:5");
  });

  it("picks the nearest on a log scale for phone sizes", () => {
    expect(nearestAspectRatio(4032, 3024)).toBe("4:3");
    expect(nearestAspectRatio(3024, 4032)).toBe("3:4");
    expect(nearestAspectRatio(1170, 2532)).toBe("9:16"); // iPhone screenshot, 0.462
    expect(nearestAspectRatio(3000, 1000)).toBe("21:9"); // panorama beyond the widest
    expect(nearestAspectRatio(1000, 5000)).toBe("9:16"); // taller than any ratio
    expect(nearestAspectRatio(1100, 1000)).toBe("1:1"); // 1.1 is closer to 1 than to 1.25
    expect(nearestAspectRatio(1200, 1000)).toBe("5:4");
  });

  it("falls back to 1:1 for unknown sizes", () => {
    expect(nearestAspectRatio(0, 100)).toBe("1:1");
    expect(nearestAspectRatio(Number.NaN, 100)).toBe("1:1");
  });
});
