import { describe, expect, it } from "vitest";
import {
  canSubmitFigure,
  EMPTY_FIELDS,
  figurePayload,
  limitOf,
  validateFigure,
} from "./custom-figure-form";

const limits = { title: 40, accessories: 200, otherIdeas: 200 };

describe("custom action-figure form", () => {
  it("needs a trimmed title before it can be sent", () => {
    expect(canSubmitFigure("action_figure", EMPTY_FIELDS)).toBe(false);
    expect(canSubmitFigure("action_figure", { ...EMPTY_FIELDS, title: "   " })).toBe(false);
    expect(canSubmitFigure("action_figure", { ...EMPTY_FIELDS, title: " Insinyur " })).toBe(true);
    expect(canSubmitFigure("profession", { ...EMPTY_FIELDS, title: "x" })).toBe(false);
    expect(canSubmitFigure("profession", { ...EMPTY_FIELDS, profession: "Perawat" })).toBe(true);
  });

  it("reports required fields and the configured limits", () => {
    expect(validateFigure("action_figure", EMPTY_FIELDS, limits)).toEqual([
      { field: "accessories", kind: "required" },
      { field: "title", kind: "required" },
    ]);
    const long = { ...EMPTY_FIELDS, accessories: "laptop", title: "x".repeat(41) };
    expect(validateFigure("action_figure", long, limits)).toEqual([
      { field: "title", kind: "tooLong", max: 40 },
    ]);
    expect(validateFigure("profession", { ...EMPTY_FIELDS, profession: "Guru" }, null)).toEqual([]);
    expect(limitOf("title", null)).toBe(200);
    expect(limitOf("props", limits)).toBe(200);
  });

  it("sends only the variant's trimmed, non-empty fields", () => {
    const fields = { ...EMPTY_FIELDS, title: " A ", accessories: "b", profession: "ignored" };
    expect(figurePayload("action_figure", fields)).toEqual({ title: "A", accessories: "b" });
    expect(
      figurePayload("profession", { ...EMPTY_FIELDS, profession: " Pilot ", props: "" }),
    ).toEqual({
      profession: "Pilot",
    });
  });
});
