import type { FieldError, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bannedKeywordInputSchema } from "@rupa/shared";
import { ApiError } from "@/lib/api-client";
import {
  numberOf,
  schemaResolver,
  setServerIssues,
  topLevelFields,
  wholeNumberOf,
  type FieldOf,
} from "./form";

type Values = { title: string; steps: string; seed: string };
const bodySchema = z.object({
  title: z.string().trim().min(1, "Title is required"),
  params: z
    .object({ num_steps: z.number().int().min(1).max(100), seed: z.number().nullable() })
    .strict(),
});
const FIELD_OF: Record<string, keyof Values> = {
  title: "title",
  "params.num_steps": "steps",
  "params.seed": "seed",
};
const fieldOf: FieldOf<Values> = (path) => FIELD_OF[path.join(".")] ?? null;

const options = {
  fields: {},
  names: [],
  shouldUseNativeValidation: false,
  criteriaMode: "firstError",
} as unknown as ResolverOptions<Values>;

const resolver = schemaResolver<Values, z.output<typeof bodySchema>>({
  schema: bodySchema,
  toBody: (v) => ({
    title: v.title,
    params: { num_steps: numberOf(v.steps), seed: v.seed === "" ? null : numberOf(v.seed) },
  }),
  fieldOf,
  message: (field, issue) => `${field}:${issue.code}`,
});

describe("schemaResolver", () => {
  it("hands the schema's output to the submit handler", async () => {
    const result = await resolver({ title: " Hero ", steps: "25", seed: "" }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ title: "Hero", params: { num_steps: 25, seed: null } });
  });

  it("puts each issue under the field its body path names, worded by `message`", async () => {
    const result = await resolver({ title: "  ", steps: "abc", seed: "7" }, undefined, options);
    const errors = result.errors as Record<string, FieldError>;
    expect(Object.keys(errors)).toEqual(["title", "steps"]);
    expect(errors.title?.message).toBe("title:too_small");
    expect(errors.steps?.message).toBe("steps:invalid_type");
  });

  it("keeps an issue no field shows on root, so the form is not sent", async () => {
    const strict = schemaResolver<Values, unknown>({
      schema: bodySchema,
      toBody: () => ({ title: "x", params: { num_steps: 1, seed: null, extra: 1 } }),
      fieldOf,
      message: () => "never",
    });
    const result = await strict({ title: "x", steps: "1", seed: "" }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(["root"]);
  });

  it("reads a shared schema as the server does (trimmed and lower-cased keyword)", async () => {
    type K = { keyword: string; reason: string };
    const keyword = schemaResolver<K, z.output<typeof bannedKeywordInputSchema>>({
      schema: bannedKeywordInputSchema,
      toBody: (v) => v,
      fieldOf: topLevelFields<K>(["keyword", "reason"]),
      message: (field) => `bad ${field}`,
    });
    const ok = await keyword({ keyword: "  Kotor ", reason: "" }, undefined, options as never);
    expect(ok.values).toEqual({ keyword: "kotor", reason: null });
    const bad = await keyword({ keyword: " ", reason: "" }, undefined, options as never);
    expect((bad.errors as Record<string, FieldError>).keyword?.message).toBe("bad keyword");
  });
});

describe("setServerIssues", () => {
  it("sets the first issue per field it knows and returns those fields in order", () => {
    const set: [string, string | undefined][] = [];
    const error = new ApiError("validation_failed", 400, "Invalid", [
      { path: ["params", "seed"], message: "Seed is wrong", code: "custom" },
      { path: ["title"], message: "Title is required", code: "too_small" },
      { path: ["params", "seed"], message: "Again", code: "custom" },
      { path: ["unknown"], message: "Nobody shows this" },
    ]);
    const fields = setServerIssues<Values>(
      (name, e) => set.push([name, e.message]),
      error,
      fieldOf,
      (issue) => `server: ${issue.message}`,
    );
    expect(fields).toEqual(["seed", "title"]);
    expect(set).toEqual([
      ["seed", "server: Seed is wrong"],
      ["title", "server: Title is required"],
    ]);
  });

  it("does nothing for an error without issues", () => {
    const fields = setServerIssues<Values>(
      () => {
        throw new Error("not called");
      },
      new ApiError("conflict", 409, "Exists"),
      fieldOf,
      () => "",
    );
    expect(fields).toEqual([]);
  });
});

describe("numbers typed as text", () => {
  it("are NaN when empty or not numbers", () => {
    expect(numberOf(" 0.7 ")).toBe(0.7);
    expect(numberOf("")).toBeNaN();
    expect(numberOf("abc")).toBeNaN();
    expect(wholeNumberOf(" 12 ")).toBe(12);
    for (const text of ["1.5", "1e3", "-2", "", "0x10"]) expect(wholeNumberOf(text)).toBeNaN();
  });
});
