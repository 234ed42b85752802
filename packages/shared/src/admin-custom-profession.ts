import { z } from "zod";
import { PROFESSION_VARIANTS, STYLE_CATEGORIES } from "./constants";
import { defineRoutes } from "./contract";
import { safeText } from "./text";

/**
 * The admin Custom profession section (/api/admin/custom-profession, docs/product/admin.md): the
 * feature switch (app setting `custom_profession_enabled`), four figures, the configurations
 * the custom action-figure and profession dialogs use, and the 50 newest requests. Every change
 * writes an audit row in its transaction.
 */

export const PROFESSION_LIMIT_DEFAULT = 200;
export const PROFESSION_LIMIT_MAX = 2000;
export const PROFESSION_REQUESTS_LIMIT = 50;

/** The placeholders a configuration's prompt template may use, by form variant. */
export const PROFESSION_PLACEHOLDERS = {
  action_figure: ["subject", "title", "accessories", "other_ideas"],
  profession: ["subject", "profession", "uniform_style", "props"],
} as const satisfies Record<(typeof PROFESSION_VARIANTS)[number], readonly string[]>;

/** The placeholders a template must hold: the person, and the field the user names it by. */
export const PROFESSION_REQUIRED_PLACEHOLDERS = {
  action_figure: ["subject", "title"],
  profession: ["subject", "profession"],
} as const;

/**
 * A length limit that is not a number falls back to 200, an empty field too
 * (docs/product/admin.md).
 */
export function lengthLimitOf(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : PROFESSION_LIMIT_DEFAULT;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return PROFESSION_LIMIT_DEFAULT;
}

/**
 * A placeholder problem of a prompt template: one its variant does not have (`unknown`) or one it
 * must hold (`missing`); `placeholder` is written with its braces. The schema's issue carries
 * both as `params`, so a form can word it in its own language.
 */
interface TemplateProblem {
  problem: "unknown" | "missing";
  placeholder: string;
  message: string;
}

/** The placeholder problems of a prompt template for a variant, unknown ones first. */
export function templatePlaceholderProblems(
  template: string,
  variant: (typeof PROFESSION_VARIANTS)[number],
): TemplateProblem[] {
  const allowed: readonly string[] = PROFESSION_PLACEHOLDERS[variant];
  const used = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const problems: TemplateProblem[] = [...new Set(used.filter((p) => !allowed.includes(p)))].map(
    (p) => ({
      problem: "unknown",
      placeholder: `{${p}}`,
      message: `Unknown placeholder {${p}}: use ${allowed.map((a) => `{${a}}`).join(", ")}`,
    }),
  );
  for (const p of PROFESSION_REQUIRED_PLACEHOLDERS[variant])
    if (!used.includes(p))
      problems.push({
        problem: "missing",
        placeholder: `{${p}}`,
        message: `The prompt template must contain {${p}}`,
      });
  return problems;
}

const limit = z.preprocess(
  lengthLimitOf,
  z
    .number()
    .int("A length limit is a whole number")
    .min(1, `A length limit is between 1 and ${PROFESSION_LIMIT_MAX}`)
    .max(PROFESSION_LIMIT_MAX, `A length limit is between 1 and ${PROFESSION_LIMIT_MAX}`),
);

/** POST and PUT /api/admin/custom-profession/configs…: the whole configuration. */
export const professionConfigInputSchema = z
  .object({
    name: safeText({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(120, "Name is at most 120 characters"),
    description: safeText().trim().max(1000, "Description is at most 1000 characters").default(""),
    category: z.enum(STYLE_CATEGORIES, { error: "Choose a style group" }).nullable().default(null),
    formVariant: z.enum(PROFESSION_VARIANTS).default("action_figure"),
    baseStyleId: z.uuid({ error: "Choose a base style" }),
    requiresReferenceImage: z.boolean().default(false),
    maxTitleLength: limit.default(PROFESSION_LIMIT_DEFAULT),
    maxAccessoriesLength: limit.default(PROFESSION_LIMIT_DEFAULT),
    maxOtherIdeasLength: limit.default(PROFESSION_LIMIT_DEFAULT),
    promptTemplate: safeText({ error: "Prompt template is required" })
      .trim()
      .min(1, "Prompt template is required")
      .max(4000, "Prompt template is at most 4000 characters"),
  })
  .strict()
  .superRefine((c, ctx) => {
    for (const { message, problem, placeholder } of templatePlaceholderProblems(
      c.promptTemplate,
      c.formVariant,
    ))
      ctx.addIssue({
        code: "custom",
        path: ["promptTemplate"],
        message,
        params: { problem, placeholder },
      });
  });
export type ProfessionConfigInput = z.input<typeof professionConfigInputSchema>;
export type ProfessionConfigValues = z.output<typeof professionConfigInputSchema>;

const styleRef = z.object({ id: z.uuid(), name: z.string(), nameId: z.string() });

export const adminProfessionConfigSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(STYLE_CATEGORIES).nullable(),
  formVariant: z.enum(PROFESSION_VARIANTS),
  baseStyle: styleRef.extend({ isActive: z.boolean() }).nullable(),
  /** The base style's card image (the picture the member's dialog shows). */
  previewImageUrl: z.string().nullable(),
  requiresReferenceImage: z.boolean(),
  maxTitleLength: z.number().int(),
  maxAccessoriesLength: z.number().int(),
  maxOtherIdeasLength: z.number().int(),
  promptTemplate: z.string(),
  isActive: z.boolean(),
  requests: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProfessionConfig = z.infer<typeof adminProfessionConfigSchema>;
const configResponse = z.object({ config: adminProfessionConfigSchema });

export const adminProfessionRequestSchema = z.object({
  id: z.uuid(),
  configName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** The action figure's title, or the profession. */
  title: z.string().nullable(),
  accessories: z.string().nullable(),
  otherIdeas: z.string().nullable(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  createdAt: z.string(),
});
export type AdminProfessionRequest = z.infer<typeof adminProfessionRequestSchema>;

export const adminProfessionOverviewSchema = z.object({
  enabled: z.boolean(),
  stats: z.object({
    requests: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    activeConfigs: z.number().int().nonnegative(),
  }),
  /** The styles a configuration may be based on (active ones, by name). */
  baseStyles: z.array(styleRef.extend({ category: z.enum(STYLE_CATEGORIES) })),
});
export type AdminProfessionOverview = z.infer<typeof adminProfessionOverviewSchema>;

const params = z.object({ id: z.uuid() });
const notFound = "Configuration not found";

export const adminCustomProfessionContract = defineRoutes({
  overview: {
    method: "GET",
    path: "/api/admin/custom-profession",
    summary: "The feature switch, the section's four figures and the styles a config may use",
    access: "admin",
    responses: { 200: adminProfessionOverviewSchema },
  },
  setEnabled: {
    method: "PUT",
    path: "/api/admin/custom-profession/enabled",
    summary: "Turn the custom profession feature on or off for every member",
    access: "admin",
    body: z.object({ enabled: z.boolean() }).strict(),
    responses: { 200: z.object({ enabled: z.boolean() }) },
  },
  configs: {
    method: "GET",
    path: "/api/admin/custom-profession/configs",
    summary: "Every configuration, newest first",
    access: "admin",
    responses: { 200: z.object({ items: z.array(adminProfessionConfigSchema) }) },
  },
  createConfig: {
    method: "POST",
    path: "/api/admin/custom-profession/configs",
    summary: "Add a configuration (its prompt template's placeholders checked)",
    access: "admin",
    body: professionConfigInputSchema,
    responses: { 201: configResponse },
  },
  updateConfig: {
    method: "PUT",
    path: "/api/admin/custom-profession/configs/:id",
    summary: "Change a configuration (every field)",
    access: "admin",
    params,
    notFound,
    body: professionConfigInputSchema,
    responses: { 200: configResponse },
    errors: [404],
  },
  setConfigActive: {
    method: "PUT",
    path: "/api/admin/custom-profession/configs/:id/active",
    summary: "Enable or disable a configuration",
    access: "admin",
    params,
    notFound,
    body: z.object({ active: z.boolean() }).strict(),
    responses: { 200: configResponse },
    errors: [404],
  },
  requests: {
    method: "GET",
    path: "/api/admin/custom-profession/requests",
    summary: "The 50 newest requests with their configuration's name and the user's e-mail",
    access: "admin",
    responses: { 200: z.object({ items: z.array(adminProfessionRequestSchema) }) },
  },
});
