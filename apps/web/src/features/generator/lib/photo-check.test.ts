import { describe, expect, it } from "vitest";
import { viewCheck, type PhotoCheck } from "./photo-check";

const face = { x: 0.3, y: 0.2, width: 0.4, height: 0.5 };
const check = (over: Partial<PhotoCheck>): PhotoCheck => ({
  faces: 1,
  issues: [],
  verdict: "ok",
  face,
  ...over,
});

describe("viewCheck", () => {
  it("says nothing when the check could not run", () => {
    expect(viewCheck(null)).toBeNull();
    expect(viewCheck(undefined)).toBeNull();
  });

  it("passes a clean photo", () => {
    expect(viewCheck(check({}))).toEqual({ verdict: "ok" });
  });

  it("lists each warning with its suggestion", () => {
    expect(viewCheck(check({ verdict: "warn", issues: ["face_small", "too_dark"] }))).toEqual({
      verdict: "warn",
      issues: ["generator.check.issues.face_small", "generator.check.issues.too_dark"],
    });
  });

  it("refuses no face and several faces with the matching reason first", () => {
    expect(
      viewCheck(
        check({ faces: 0, verdict: "refuse", issues: ["too_dark", "no_face"], face: null }),
      ),
    ).toEqual({
      verdict: "refuse",
      issues: ["generator.check.issues.no_face", "generator.check.issues.too_dark"],
      reason: "generator.generate.refusedNoFace",
    });
    expect(viewCheck(check({ faces: 2, verdict: "refuse", issues: ["many_faces"] }))).toEqual({
      verdict: "refuse",
      issues: ["generator.check.issues.many_faces"],
      reason: "generator.generate.refusedManyFaces",
    });
  });
});
