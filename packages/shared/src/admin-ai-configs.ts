import { z } from "zod";
import { AI_PROVIDERS, AI_SERVICES } from "./constants";
import { defineRoutes } from "./contract";
import { likenessQualitySchema } from "./likeness";
import { settingDefinitions } from "./settings";

/**
 * The admin AI settings section (docs/product/admin.md, "ai-settings"): one card per
 * `ai_model_configs` entry. At most one entry per service is active (the database enforces it;
 * activating one deactivates the others of its service in the same transaction), and the next
 * generation of that service uses it. API keys live only in the server's environment: a card says
 * whether its provider's key is set, never the key.
 */

export const aiServiceSchema = z.enum(AI_SERVICES);
export const aiProviderSchema = z.enum(AI_PROVIDERS);

/** The environment variable that holds each remote provider's key (`local` needs none). */
export const AI_PROVIDER_KEY_NAMES = {
  local: null,
  replicate: "REPLICATE_API_TOKEN",
  openai: "OPENAI_API_KEY",
  huggingface: "HF_TOKEN",
  kie_ai: "KIE_AI_API_KEY",
} as const satisfies Record<(typeof AI_PROVIDERS)[number], string | null>;

/**
 * "Add Configuration" (docs/product/admin.md): Replicate, no model, Replicate's API,
 * an empty config, inactive. The endpoint is the API's base: the client adds /v1/predictions.
 */
export const AI_CONFIG_DEFAULTS = {
  apiProvider: "replicate",
  modelName: "",
  apiEndpoint: "https://api.replicate.com",
  configData: {},
  isActive: false,
} as const;

/** A JSON object (not an array, a string or a number): what config_data holds. */
export const aiConfigDataSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 20_000, { message: "Config is too large" });

export const aiConfigSchema = z.object({
  id: z.string(),
  serviceName: aiServiceSchema,
  apiProvider: aiProviderSchema,
  modelName: z.string(),
  apiEndpoint: z.string(),
  configData: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  /** The environment variable the provider's key is read from (null for `local`). */
  keyName: z.string().nullable(),
  /** Whether that variable is set on the server (the key itself is never sent). */
  keyPresent: z.boolean(),
  /** Generations recorded with this provider and model for this service. */
  usage: z.object({
    generations: z.number().int().nonnegative(),
    lastUsedAt: z.string().nullable(),
  }),
  /**
   * Garansi Mirip over the last AI_CONFIG_QUALITY_DAYS days: the checked results whose job
   * recorded this provider and model. Null for a service whose results are never checked
   * (LIKENESS_SERVICES).
   */
  quality: likenessQualitySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

/** The days a card's Garansi Mirip figures look back over. */
export const AI_CONFIG_QUALITY_DAYS = 30;

export const aiConfigListSchema = z.object({ configs: z.array(aiConfigSchema) });
export type AiConfigList = z.infer<typeof aiConfigListSchema>;

const endpointSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
    message: "An http(s) URL, or empty for the provider's own",
  });

/** POST /api/admin/ai-configs: a new entry for a service, with the defaults above. */
export const createAiConfigRequestSchema = z.object({ serviceName: aiServiceSchema });
export type CreateAiConfigRequest = z.input<typeof createAiConfigRequestSchema>;

/** PUT /api/admin/ai-configs/:id: every editable field at once (the card's Save). */
export const updateAiConfigRequestSchema = z.object({
  apiProvider: aiProviderSchema,
  modelName: z.string().trim().max(200),
  apiEndpoint: endpointSchema,
  configData: aiConfigDataSchema,
  isActive: z.boolean(),
});
export type UpdateAiConfigRequest = z.input<typeof updateAiConfigRequestSchema>;

export const aiConfigResponseSchema = z.object({ config: aiConfigSchema });

/**
 * Why the server refuses to send a provider's key to an endpoint (ADR 030): the Test's
 * `refused`, and the issue code of a save answered 400 `endpoint_refused`.
 */
export const ENDPOINT_REFUSALS = [
  "invalid_url",
  "not_https",
  "host_not_listed",
  "private_address",
  "metadata_address",
  "redirect",
] as const;
export type EndpointRefusal = (typeof ENDPOINT_REFUSALS)[number];

/** POST /api/admin/ai-configs/:id/test: the provider's health check against its endpoint. */
export const aiConfigTestSchema = z.object({
  ok: z.boolean(),
  provider: aiProviderSchema,
  model: z.string(),
  keyName: z.string().nullable(),
  keyPresent: z.boolean(),
  /** The endpoint asked (null for `local`, which asks nothing). */
  endpoint: z.string().nullable(),
  /** Its HTTP status, or null when it could not be reached (or was not asked). */
  status: z.number().int().nullable(),
  latencyMs: z.number().int().nonnegative(),
  /** Set when the endpoint guard refused it (nothing was sent to it, or no redirect followed). */
  refused: z.enum(ENDPOINT_REFUSALS).nullable(),
  /** What went wrong, in a sentence (never a key). */
  detail: z.string().nullable(),
});
export type AiConfigTest = z.infer<typeof aiConfigTestSchema>;

/**
 * PUT /api/admin/ai-settings/likeness: Garansi Mirip's bar, the app setting
 * `likeness_max_distance` (ADR 038), checked by that setting's own validator: the largest
 * face-descriptor distance a result may be from the member's photo, as text ("0.6"). Larger keeps
 * more results.
 */
export const likenessSettingsSchema = z.object({
  maxDistance: settingDefinitions.likeness_max_distance.schema,
});
export type LikenessSettings = z.infer<typeof likenessSettingsSchema>;

export const likenessSettingsResponseSchema = likenessSettingsSchema.extend({
  /** The setting's default (the value ADR 038 chose). */
  defaultMaxDistance: z.string(),
});
export type LikenessSettingsResponse = z.infer<typeof likenessSettingsResponseSchema>;

const configParams = z.object({ id: z.uuid() });

export const adminAiConfigsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/ai-configs",
    summary: "Every AI configuration by service, with key presence and usage",
    access: "admin",
    responses: { 200: aiConfigListSchema },
  },
  create: {
    method: "POST",
    path: "/api/admin/ai-configs",
    summary: "Add an inactive configuration for a service, with the defaults",
    access: "admin",
    body: createAiConfigRequestSchema,
    responses: { 201: aiConfigResponseSchema },
  },
  update: {
    method: "PUT",
    path: "/api/admin/ai-configs/:id",
    summary:
      "Save a configuration; activating it deactivates the others of its service in one transaction",
    access: "admin",
    params: configParams,
    notFound: "Configuration not found",
    body: updateAiConfigRequestSchema,
    responses: { 200: aiConfigResponseSchema },
  },
  remove: {
    method: "DELETE",
    path: "/api/admin/ai-configs/:id",
    summary:
      "Delete a configuration (the service falls back to the local renderer if it was active)",
    access: "admin",
    params: configParams,
    notFound: "Configuration not found",
    responses: { 200: z.object({ ok: z.literal(true) }) },
  },
  likeness: {
    method: "GET",
    path: "/api/admin/ai-settings/likeness",
    summary: "Garansi Mirip's bar (the likeness_max_distance setting) and its default",
    access: "admin",
    responses: { 200: likenessSettingsResponseSchema },
  },
  saveLikeness: {
    method: "PUT",
    path: "/api/admin/ai-settings/likeness",
    summary: "Save Garansi Mirip's bar, with its audit row (used from the next generation)",
    access: "admin",
    body: likenessSettingsSchema,
    responses: { 200: likenessSettingsResponseSchema },
  },
  test: {
    method: "POST",
    path: "/api/admin/ai-configs/:id/test",
    summary: "Run the provider's health check against the configured endpoint",
    access: "admin",
    params: configParams,
    notFound: "Configuration not found",
    responses: { 200: aiConfigTestSchema },
  },
});
