import { describe, expect, it } from "vitest";
import { backgroundFor, buildPrompt, withBackground } from "./prompt";

describe("Formal CV/CPNS backgrounds", () => {
  it("defaults to red for a CPNS style and blue for other documents; none elsewhere", () => {
    expect(backgroundFor({ category: "formal_cv_cpns", tags: ["CPNS", "merah"] }, undefined)).toBe(
      "red",
    );
    expect(backgroundFor({ category: "formal_cv_cpns", tags: ["cv"] }, undefined)).toBe("blue");
    expect(backgroundFor({ category: "formal_cv_cpns", tags: null }, "white")).toBe("white");
    expect(backgroundFor({ category: "cartoon", tags: ["cpns"] }, "red")).toBeNull();
  });

  it("replaces the clauses that describe a backdrop by the chosen plain colour", () => {
    const prompt = buildPrompt(
      "formal ID photo of {subject}, plain red background, neat attire, front facing",
      {},
      undefined,
      {},
    );
    expect(withBackground(prompt, "blue")).toBe(
      "formal ID photo of the person in the photo, neat attire, front facing, plain solid blue background",
    );
    expect(withBackground("graduation portrait of X, studio backdrop", "white")).toBe(
      "graduation portrait of X, plain solid white background",
    );
    expect(withBackground("headshot of X, soft light", "red")).toBe(
      "headshot of X, soft light, plain solid red background",
    );
  });
});
