import { AI_PROVIDER_KEY_NAMES, type AiConfigTest, type AiService } from "@rupa/shared";
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import { createEndpointGuard, EndpointRefusedError } from "./endpoint-guard";
import { createLocalKanvasProvider } from "./local/local-kanvas.provider";
import { createLocalProvider } from "./local/local.provider";
import type { AvatarProvider, KanvasProvider } from "./provider";
import type { PredictionWaiters } from "./remote/replicate-webhook";
import {
  createHuggingFaceKanvasProvider,
  createHuggingFaceProvider,
  HF_DEFAULT_MODEL,
} from "./remote/huggingface.provider";
import {
  createKieAiKanvasProvider,
  createKieAiProvider,
  KIE_DEFAULT_MODEL,
  KIE_KANVAS_MODEL,
  KIE_UPLOAD_ENDPOINT,
} from "./remote/kie-ai.provider";
import { createOpenAiKanvasProvider, createOpenAiProvider } from "./remote/openai.provider";
import {
  createReplicateKanvasProvider,
  createReplicateProvider,
  FLUX_DEV_MODEL,
} from "./remote/replicate.provider";

/** Replicate's default avatar model and the version Rupa pins it to (a config may name another). */
export const INSTANT_ID_MODEL = "zsxkib/instant-id";
export const INSTANT_ID_VERSION =
  "2e4785a4d80dadf580077b2244c8d7c05d8e3faac04a04c02d8e099dd2876789";

/** The version a Replicate config runs: its own `version`, else the pinned InstantID one. */
export function replicateVersion(model: string, data: Record<string, unknown>): string | null {
  if (typeof data.version === "string" && /^[0-9a-f]{64}$/.test(data.version)) return data.version;
  return model === INSTANT_ID_MODEL ? INSTANT_ID_VERSION : null;
}

const DEFAULT_ENDPOINTS: Record<string, string> = {
  replicate: "https://api.replicate.com",
  openai: "https://api.openai.com",
  huggingface: "https://router.huggingface.co",
  kie_ai: "https://api.kie.ai",
};

/**
 * Each provider's own API hosts (ADR 030), where its key may go in production without being
 * listed: its default endpoint's, Kie's File Upload API host, and Hugging Face's older
 * inference host (documented, not a default).
 */
export const PROVIDER_HOSTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(DEFAULT_ENDPOINTS).map(([provider, url]) => {
    const hosts = [new URL(url).hostname];
    if (provider === "kie_ai") hosts.push(new URL(KIE_UPLOAD_ENDPOINT).hostname);
    if (provider === "huggingface") hosts.push("api-inference.huggingface.co");
    return [provider, hosts];
  }),
);

/**
 * What the admin's Test asks each remote API: an authenticated, free, read-only call that
 * answers 200 with a good key (the account, the model list, the credit balance).
 */
const PROBE_PATHS: Record<string, string> = {
  replicate: "/v1/account",
  openai: "/v1/models",
  huggingface: "/v1/models",
  kie_ai: "/api/v1/chat/credit",
};

/** The fields of an `ai_model_configs` entry a provider is built from. */
export interface ProviderConfig {
  serviceName: string;
  apiProvider: string;
  modelName: string;
  apiEndpoint: string;
  configData: Record<string, unknown>;
}

/** Where the active configuration of a service comes from (the ai-configs repository). */
export interface ProviderConfigSource {
  activeFor(service: AiService): Promise<ProviderConfig | null>;
}

/**
 * The provider for a service: the active `ai_model_configs` entry, with its API key from the
 * environment (keys are never stored in the database). Without a key for that provider, the
 * built-in local renderer stands in, as docs/product/admin.md (ai-settings) says.
 */
export function createProviderRegistry(
  env: Env,
  configs: ProviderConfigSource,
  log: Logger,
  waiters?: PredictionWaiters,
) {
  // Replicate reports back by signed webhook when it can reach us over https.
  const replicateWebhook =
    env.REPLICATE_WEBHOOK_SECRET && env.PUBLIC_URL.startsWith("https:")
      ? `${env.PUBLIC_URL}/api/webhooks/replicate`
      : undefined;
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  const num = (v: unknown) => (typeof v === "number" ? v : undefined);
  const timeoutMs = env.GENERATION_TIMEOUT_SECONDS * 1000;
  const endpointOf = (cfg: Pick<ProviderConfig, "apiProvider" | "apiEndpoint">) =>
    cfg.apiEndpoint || DEFAULT_ENDPOINTS[cfg.apiProvider] || "";
  // One guard for every remote call of this process: the key goes only where it allows.
  const guard = createEndpointGuard({
    production: env.NODE_ENV === "production",
    providerHosts: PROVIDER_HOSTS,
    listedHosts: env.PROVIDER_ENDPOINT_HOSTS,
  });
  /** Kie's upload host: config_data.upload_endpoint, else the configured endpoint, else Kie's. */
  const kieUploadOf = (cfg: Pick<ProviderConfig, "apiEndpoint" | "configData">) =>
    str(cfg.configData.upload_endpoint) ?? (cfg.apiEndpoint || KIE_UPLOAD_ENDPOINT);

  /**
   * A remote configuration's client options, the same for avatars and Kanvas; null when the
   * provider's key is not in the environment (the local renderer stands in).
   */
  function replicateOptions(cfg: ProviderConfig, defaultModel: string) {
    if (!env.REPLICATE_API_TOKEN) return null;
    const data = cfg.configData;
    if (data.version !== undefined && replicateVersion("", data) === null)
      log.warn(
        { service: cfg.serviceName, model: cfg.modelName },
        "replicate: config_data.version is not a 64-character hex id; it is ignored",
      );
    const model = cfg.modelName || defaultModel;
    return {
      token: env.REPLICATE_API_TOKEN,
      guard,
      endpoint: endpointOf(cfg),
      version: replicateVersion(model, data),
      model,
      pollIntervalMs: num(data.poll_interval_ms),
      timeoutMs,
      webhookUrl: replicateWebhook,
      waiters,
    };
  }
  function openAiOptions(cfg: ProviderConfig) {
    if (!env.OPENAI_API_KEY) return null;
    return {
      apiKey: env.OPENAI_API_KEY,
      guard,
      endpoint: endpointOf(cfg),
      model: cfg.modelName || "gpt-image-1",
      quality: str(cfg.configData.quality),
      inputFidelity: str(cfg.configData.input_fidelity),
      timeoutMs,
    };
  }
  function huggingFaceOptions(cfg: ProviderConfig) {
    if (!env.HF_TOKEN) return null;
    return {
      token: env.HF_TOKEN,
      guard,
      endpoint: endpointOf(cfg),
      model: cfg.modelName || HF_DEFAULT_MODEL,
      timeoutMs,
    };
  }
  function kieOptions(cfg: ProviderConfig, defaultModel: string) {
    if (!env.KIE_AI_API_KEY) return null;
    const data = cfg.configData;
    const extra = data.input;
    return {
      apiKey: env.KIE_AI_API_KEY,
      guard,
      endpoint: endpointOf(cfg),
      // Kie's File Upload API lives on its own host; a configured endpoint (a proxy, a fake)
      // serves both unless upload_endpoint says otherwise.
      uploadEndpoint: kieUploadOf(cfg),
      model: cfg.modelName || defaultModel,
      extraInput:
        extra && typeof extra === "object" && !Array.isArray(extra)
          ? (extra as Record<string, unknown>)
          : undefined,
      pollIntervalMs: num(data.poll_interval_ms),
      timeoutMs,
    };
  }
  function unavailable(cfg: ProviderConfig) {
    log.warn(
      { provider: cfg.apiProvider },
      "provider not available here (no API key or client): using the local renderer",
    );
  }

  function build(cfg: ProviderConfig | null): AvatarProvider {
    if (!cfg || cfg.apiProvider === "local")
      return createLocalProvider(cfg?.modelName || undefined);
    const replicate =
      cfg.apiProvider === "replicate" ? replicateOptions(cfg, INSTANT_ID_MODEL) : null;
    if (replicate) return createReplicateProvider(replicate);
    const openai = cfg.apiProvider === "openai" ? openAiOptions(cfg) : null;
    if (openai) return createOpenAiProvider(openai);
    const hf = cfg.apiProvider === "huggingface" ? huggingFaceOptions(cfg) : null;
    if (hf) return createHuggingFaceProvider(hf);
    const kie = cfg.apiProvider === "kie_ai" ? kieOptions(cfg, KIE_DEFAULT_MODEL) : null;
    if (kie) return createKieAiProvider(kie);
    unavailable(cfg);
    return createLocalProvider();
  }

  /** The same for the `kanvas_generation` service: each API's text-and-image client. */
  function buildKanvas(cfg: ProviderConfig | null): KanvasProvider {
    if (!cfg || cfg.apiProvider === "local")
      return createLocalKanvasProvider(cfg?.modelName || undefined);
    const data = cfg.configData;
    const replicate =
      cfg.apiProvider === "replicate" ? replicateOptions(cfg, FLUX_DEV_MODEL) : null;
    if (replicate)
      return createReplicateKanvasProvider({
        ...replicate,
        promptStrength: num(data.prompt_strength),
      });
    const openai = cfg.apiProvider === "openai" ? openAiOptions(cfg) : null;
    if (openai) return createOpenAiKanvasProvider(openai);
    const hf = cfg.apiProvider === "huggingface" ? huggingFaceOptions(cfg) : null;
    if (hf) return createHuggingFaceKanvasProvider(hf);
    const kie = cfg.apiProvider === "kie_ai" ? kieOptions(cfg, KIE_KANVAS_MODEL) : null;
    if (kie) return createKieAiKanvasProvider({ ...kie, editModel: str(data.edit_model) });
    unavailable(cfg);
    return createLocalKanvasProvider();
  }

  /** Whether the environment holds this provider's key (the key itself never leaves here). */
  function keyOf(provider: string): { keyName: string | null; key: string | undefined } {
    const keyName =
      (AI_PROVIDER_KEY_NAMES as Record<string, string | null | undefined>)[provider] ?? null;
    const keys: Record<string, string | undefined> = {
      REPLICATE_API_TOKEN: env.REPLICATE_API_TOKEN,
      OPENAI_API_KEY: env.OPENAI_API_KEY,
      HF_TOKEN: env.HF_TOKEN,
      KIE_AI_API_KEY: env.KIE_AI_API_KEY,
    };
    return { keyName, key: keyName ? keys[keyName] || undefined : undefined };
  }

  /**
   * The first refusal among a configuration's endpoints, with the field it came from (null for
   * `local` or when every endpoint passes).
   */
  async function refusalOf(
    cfg: Pick<ProviderConfig, "apiProvider" | "apiEndpoint" | "configData">,
  ): Promise<{ field: "apiEndpoint" | "upload_endpoint"; error: EndpointRefusedError } | null> {
    if (cfg.apiProvider === "local") return null;
    const api = await guard.refusal(cfg.apiProvider, endpointOf(cfg));
    if (api) return { field: "apiEndpoint", error: api };
    if (cfg.apiProvider !== "kie_ai") return null;
    const upload = await guard.refusal(cfg.apiProvider, kieUploadOf(cfg));
    return upload ? { field: "upload_endpoint", error: upload } : null;
  }

  return {
    /**
     * Why the guard would refuse a configuration's endpoints (its API endpoint and, for Kie,
     * `config_data.upload_endpoint`), or null: the save of a configuration asks this first.
     */
    endpointRefusal: refusalOf,

    /** Closes the guard's pooled connections to the providers (at shutdown). */
    close: () => guard.close(),

    /** The active configuration's provider, read from the database on every call (no cache). */
    async forService(service: AiService): Promise<AvatarProvider> {
      return build(await configs.activeFor(service));
    },

    /** The active Kanvas configuration's provider, read fresh for every picture. */
    async forKanvas(): Promise<KanvasProvider> {
      return buildKanvas(await configs.activeFor("kanvas_generation"));
    },

    /** Whether the key of `provider` is set, and in which variable. */
    keyStatus(provider: string): { keyName: string | null; keyPresent: boolean } {
      const { keyName, key } = keyOf(provider);
      return { keyName, keyPresent: keyName === null || key !== undefined };
    },

    /**
     * The admin's Test of one configuration (active or not): the provider's own readiness check
     * (key and model version present), then one authenticated read-only call to the configured
     * endpoint (its API's default when empty). `local` asks nothing. Never returns the key.
     */
    async test(cfg: ProviderConfig, timeoutMs = 10_000): Promise<AiConfigTest> {
      const started = Date.now();
      const { keyName, key } = keyOf(cfg.apiProvider);
      const provider = cfg.apiProvider as AiConfigTest["provider"];
      const base = {
        provider,
        model: cfg.modelName,
        keyName,
        keyPresent: keyName === null || key !== undefined,
      };
      const elapsed = () => Math.max(0, Date.now() - started);
      if (cfg.apiProvider === "local") {
        const local = build(cfg);
        await local.check();
        return {
          ...base,
          model: local.model,
          ok: true,
          endpoint: null,
          status: null,
          latencyMs: elapsed(),
          refused: null,
          detail: null,
        };
      }
      const endpoint = endpointOf(cfg).replace(/\/+$/, "");
      // The guard first (ADR 030): a refused endpoint is sent nothing, not even without a key.
      const refused = (await refusalOf(cfg))?.error;
      if (refused)
        return {
          ...base,
          ok: false,
          endpoint,
          status: null,
          latencyMs: elapsed(),
          refused: refused.reason,
          detail: `refused: ${refused.message}`,
        };
      const problems: string[] = [];
      if (!key) problems.push(`${keyName} is not set: generations use the local renderer`);
      else {
        try {
          await build(cfg).check();
        } catch (e) {
          problems.push(e instanceof Error ? e.message : String(e));
        }
      }
      let status: number | null = null;
      let refusedLate: EndpointRefusedError | null = null;
      try {
        const res = await guard.fetchWithKey(
          cfg.apiProvider,
          `${endpoint}${PROBE_PATHS[cfg.apiProvider] ?? ""}`,
          {
            headers: key ? { authorization: `Bearer ${key}` } : {},
            signal: AbortSignal.timeout(timeoutMs),
          },
        );
        status = res.status;
        await res.body?.cancel();
        if (key && (status === 401 || status === 403))
          problems.push(`the key was refused (${status})`);
        else if (key && !res.ok) problems.push(`the endpoint answered ${status}`);
        else if (!key && status >= 500) problems.push(`the endpoint answered ${status}`);
      } catch (e) {
        if (e instanceof EndpointRefusedError) {
          refusedLate = e;
          problems.unshift(`refused: ${e.message}`);
        } else {
          const reason =
            e instanceof Error && e.name === "TimeoutError" ? "timed out" : "unreachable";
          problems.push(`${endpoint} is ${reason}`);
        }
      }
      return {
        ...base,
        ok: problems.length === 0,
        endpoint,
        status,
        latencyMs: elapsed(),
        refused: refusedLate?.reason ?? null,
        detail: problems.length ? problems.join("; ") : null,
      };
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
