import type { AiService } from "@rupa/shared";
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import type {
  AiConfigRow,
  AiConfigsRepository,
} from "../../modules/ai-configs/ai-configs.repository";
import { createLocalProvider } from "./local/local.provider";
import type { AvatarProvider } from "./provider";
import { createReplicateProvider } from "./remote/replicate.provider";

const DEFAULT_ENDPOINTS: Record<string, string> = {
  replicate: "https://api.replicate.com",
};

/**
 * The provider for a service: the active `ai_model_configs` entry, with its API key from the
 * environment (keys are never stored in the database). Without a key for that provider, the
 * built-in local renderer stands in, as DECISIONS.md says.
 */
export function createProviderRegistry(env: Env, configs: AiConfigsRepository, log: Logger) {
  function build(cfg: AiConfigRow | null): AvatarProvider {
    if (!cfg || cfg.apiProvider === "local")
      return createLocalProvider(cfg?.modelName || undefined);
    const data = cfg.configData;
    const endpoint = cfg.apiEndpoint || DEFAULT_ENDPOINTS[cfg.apiProvider] || "";
    if (cfg.apiProvider === "replicate" && env.REPLICATE_API_TOKEN) {
      return createReplicateProvider({
        token: env.REPLICATE_API_TOKEN,
        endpoint,
        version: typeof data.version === "string" ? data.version : null,
        model: cfg.modelName || "zsxkib/instant-id",
        pollIntervalMs:
          typeof data.poll_interval_ms === "number" ? data.poll_interval_ms : undefined,
        timeoutMs: env.GENERATION_TIMEOUT_SECONDS * 1000,
      });
    }
    log.warn(
      { provider: cfg.apiProvider },
      "provider not available here (no API key or client): using the local renderer",
    );
    return createLocalProvider();
  }

  return {
    async forService(service: AiService): Promise<AvatarProvider> {
      return build(await configs.activeFor(service));
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
