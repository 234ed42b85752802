import { describe, expect, it } from "vitest";
import { defaultPasFotoBackground as defaultBackground } from "./constants";

describe("defaultBackground", () => {
  it("is red for a CPNS-tagged Formal CV/CPNS style, blue for the others, none elsewhere", () => {
    expect(defaultBackground({ category: "formal_cv_cpns", tags: ["CPNS", "pas foto"] })).toBe(
      "red",
    );
    expect(defaultBackground({ category: "formal_cv_cpns", tags: ["pas foto", "biru"] })).toBe(
      "blue",
    );
    expect(defaultBackground({ category: "cartoon", tags: ["cpns"] })).toBeNull();
    expect(defaultBackground(undefined)).toBeNull();
  });
});
