import { z } from "zod";
import { LANGUAGES, PAS_FOTO_BACKGROUNDS } from "./constants";
import { defineRoutes } from "./contract";
import { PAS_FOTO_RULE_IDS } from "./pas-foto";

/** One of SSCASN's rules, judged (pas-foto.ts): what it is, whether it passed, what to do. */
export const pasFotoRuleSchema = z.object({
  id: z.enum(PAS_FOTO_RULE_IDS),
  passed: z.boolean(),
  label: z.string(),
  message: z.string(),
  fix: z.string().nullable(),
});

/** A pas foto checked against every rule: it passes when each one does. */
export const pasFotoCheckSchema = z.object({
  passed: z.boolean(),
  rules: z.array(pasFotoRuleSchema),
});
export type PasFotoCheckResponse = z.infer<typeof pasFotoCheckSchema>;

/** The language the rules are worded in (Indonesian unless asked). */
export const pasFotoLangQuery = z.enum(LANGUAGES).default("id");

export const pasFotoCheckQuerySchema = z.object({
  /** The plain background the photo should have: red (CPNS) unless said. */
  background: z.enum(PAS_FOTO_BACKGROUNDS).default("red"),
  lang: pasFotoLangQuery,
});

export const pasFotoContract = defineRoutes({
  check: {
    method: "POST",
    path: "/api/pas-foto/check",
    summary:
      "Checks any pas foto against SSCASN's rules, for anyone (no account): the photo is read in memory and never stored. 422 when no face, or more than one, is seen",
    access: "public",
    bodyType: "multipart",
    query: pasFotoCheckQuerySchema,
    body: z.object({
      photo: z.file().describe("The pas foto: JPEG (or PNG, WebP, HEIC to be told), at most 10 MB"),
    }),
    responses: { 200: pasFotoCheckSchema },
    errors: [413, 415, 422, 429, 503],
  },
});
