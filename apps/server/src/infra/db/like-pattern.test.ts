import { describe, expect, it } from "vitest";
import { likePattern, likePrefix } from "./like-pattern";

describe("LIKE patterns", () => {
  it("match a search text anywhere, its wildcards and backslashes taken as letters", () => {
    expect(likePattern("ayu")).toBe("%ayu%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("match what starts with a prefix, letter for letter", () => {
    expect(likePrefix("kartun")).toBe("kartun%");
    expect(likePrefix("a_b%")).toBe("a\\_b\\%%");
  });
});
