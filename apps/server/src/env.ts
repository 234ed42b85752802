import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads the environment. Parsed once at start; a bad value stops the process
 * with a message that names the variable. Defaults are the embedded setup: no accounts, keys or
 * servers needed.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envShape = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** Provider answers a process reads and stores at once (a burst of 500 waits its turn). */
  PROVIDER_ANSWERS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(4),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Rupa <no-reply@rupa.local>"),
  REPLICATE_API_TOKEN: z.string().min(8).optional(),
  OPENAI_API_KEY: z.string().min(8).optional(),
  HF_TOKEN: z.string().min(8).optional(),
  KIE_AI_API_KEY: z.string().min(8).optional(),
  /**
   * Hosts besides each provider's own that its key may be sent to (ADR 030): comma-separated
   * host names, e.g. a proxy. Listed hosts may also be private addresses; never set in the UI.
   */
  PROVIDER_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx): string[] => {
      const hosts = (v ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase().replace(/\.+$/, ""))
        .filter(Boolean);
      for (const h of hosts)
        if (!/^(\[?[0-9a-f:.]*:[0-9a-f:.]*\]?|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/.test(h))
          ctx.addIssue({ code: "custom", message: `"${h}" is not a host name` });
      return hosts.map((h) => h.replace(/^\[|\]$/g, ""));
    }),
  /** Replicate's signing secret (whsec_…): with an https PUBLIC_URL, predictions report back by webhook. */
  REPLICATE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must look like whsec_…")
    .optional(),
  /** Midtrans (payments). Without a server key, outside production, the payment simulator stands in. */
  MIDTRANS_SERVER_KEY: z.string().min(8).optional(),
  MIDTRANS_CLIENT_KEY: z.string().min(8).optional(),
  MIDTRANS_IS_PRODUCTION: bool.default(false),
  /** Overrides of Midtrans' hosts (a proxy, or a local fake in tests); the documented hosts otherwise. */
  MIDTRANS_SNAP_URL: z.url({ protocol: /^https?$/ }).optional(),
  MIDTRANS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Longest a provider may take for one image before it is cancelled and retried. */
  GENERATION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(900).default(150),
  /** First retry delay of a failed generation; doubles per try (capped at 120 s). */
  GENERATION_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** JSON object of app settings to use when a setting does not exist yet (first start). */
  INITIAL_SETTINGS: z
    .string()
    .optional()
    .transform((v, ctx): Record<string, string> => {
      if (!v) return {};
      try {
        const parsed = JSON.parse(v) as unknown;
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
          return Object.fromEntries(Object.entries(parsed).map(([k, x]) => [k, String(x)]));
        }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: "custom", message: "must be a JSON object of setting values" });
      return z.NEVER;
    }),
  /** S3-compatible object storage (ADR 021): set S3_BUCKET to use it instead of DATA_DIR/storage. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).default("https://s3.amazonaws.com"),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /** Turns on GET /metrics (Prometheus), which then asks for it as a Bearer token. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

/** Every variable the server reads (the README's configuration table lists exactly these). */
export const ENV_VARIABLES = Object.keys(envShape.shape) as (keyof typeof envShape.shape)[];

const envSchema = envShape
  .superRefine((e, ctx) => {
    if (e.NODE_ENV === "production" && !e.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    if (e.NODE_ENV === "production" && e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 12) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "must be at least 12 characters in production",
      });
    }
    if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together",
      });
    }
    if (e.MIDTRANS_IS_PRODUCTION && !e.MIDTRANS_SERVER_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["MIDTRANS_SERVER_KEY"],
        message: "is required when MIDTRANS_IS_PRODUCTION is true",
      });
    }
    if (e.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
        if (!e[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is required when S3_BUCKET is set",
          });
    } else if (e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "is required when S3 credentials are set (without it, files stay in DATA_DIR)",
      });
    }
    if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_ID"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together",
      });
    }
  })
  .transform((e) => ({
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    /**
     * The one canonical origin when PUBLIC_URL is set (ADR 035): pages on another host are
     * redirected to it and every link the server builds uses it. Unset (the embedded default),
     * links are built from the origin a request came on (`lib/link-origin.ts`), and PUBLIC_URL
     * below is only the fallback for links made without a request.
     */
    PUBLIC_URL_SET: e.PUBLIC_URL !== undefined,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parse a set of variables (process.env by default). Empty strings count as unset. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((i) => {
        const name = i.path.join(".") || "environment";
        const secret = /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|SMTP_URL/.test(name);
        const got = typeof cleaned[name] === "string" && !secret ? ` (got "${cleaned[name]}")` : "";
        return `${name}: ${i.message}${got}`;
      }),
    );
  }
  return parsed.data;
}
