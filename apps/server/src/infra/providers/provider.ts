import type { LocalLookConfig } from "../../jobs/style-previews.job";

/** What every avatar provider is asked to do. */
export interface GenerateRequest {
  /** The subject: the upload's face-centred square crop, JPEG. */
  image: Buffer;
  prompt: string;
  negativePrompt: string;
  guidanceScale: number;
  steps: number;
  styleStrength: number;
  seed: number;
  aspectRatio: string;
  /** How the built-in renderer draws this style (ignored by remote providers). */
  look: LocalLookConfig;
  signal: AbortSignal;
}

export interface GenerateResult {
  /** The image bytes, already copied out of the provider (their URLs expire). */
  image: Buffer;
  model: string;
  seed: number;
}

/**
 * transient: worth another try (timeouts, 429, 5xx); permanent: will fail again (bad key,
 * refused input). `retryAfterSeconds` carries a provider's Retry-After.
 */
export class ProviderError extends Error {
  constructor(
    public readonly kind: "transient" | "permanent",
    message: string,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface AvatarProvider {
  readonly name: "local" | "replicate" | "openai" | "huggingface" | "kie_ai";
  readonly model: string;
  generate(req: GenerateRequest): Promise<GenerateResult>;
  /** A cheap readiness check (configuration present, endpoint reachable where sensible). */
  check(): Promise<void>;
}

/** Classify an HTTP status the way every provider client does. */
export function errorForStatus(
  provider: string,
  status: number,
  detail: string,
  retryAfter?: string | null,
): ProviderError {
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : undefined;
  const msg = `${provider} answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ""}`;
  if (status === 429 || status === 408 || status >= 500) {
    return new ProviderError("transient", msg, Number.isFinite(seconds) ? seconds : undefined);
  }
  return new ProviderError("permanent", msg);
}

/** fetch with the job's abort signal and a per-call timeout; network failures are transient. */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs?: number; signal: AbortSignal },
): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? 30_000);
  try {
    return await fetch(url, { ...init, signal: AbortSignal.any([init.signal, timeout]) });
  } catch (e) {
    if (init.signal.aborted)
      throw new ProviderError(
        "transient",
        `${provider}: cancelled (${String(init.signal.reason)})`,
      );
    throw new ProviderError(
      "transient",
      `${provider}: ${timeout.aborted ? "timed out" : `network error (${(e as Error).message})`}`,
    );
  }
}

/** Download a provider's output right away into our memory (their URLs expire). */
export async function downloadImage(
  provider: string,
  url: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const res = await providerFetch(provider, url, { signal, timeoutMs: 60_000 });
  if (!res.ok) throw errorForStatus(provider, res.status, "output download failed");
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length === 0) throw new ProviderError("transient", `${provider}: empty output`);
  return bytes;
}
