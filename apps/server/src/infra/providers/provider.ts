import type { Box } from "../images/face-check";
import { providerAnswers } from "./answer-slots";
import { type EndpointGuard, EndpointRefusedError } from "./endpoint-guard";
import type { LocalLookConfig } from "./local/local-look";

/** What every avatar provider is asked to do. */
export interface GenerateRequest {
  /**
   * The subject: the upload's face-centred square crop (JPEG, at most 1024 px). The job passes a
   * Blob backed by the stored file, read only while a request body is sent, so hundreds of
   * requests waiting on a provider hold no copy of it; bytes work too.
   */
  image: Buffer | Blob;
  /** The face in `image`'s pixels, from the photo check (the built-in renderer crops around it). */
  face?: Box | null;
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
  /**
   * For providers that run the work on their side and can be asked about it later
   * (`resumable`): the id of the work an earlier attempt of this generation started, and where
   * to record the id of work this call starts. A call cut off by a crash then resumes that work
   * on the next attempt instead of paying for it again. Others ignore it.
   */
  providerJob?: ProviderJobLink;
}

export interface ProviderJobLink {
  /** What an earlier attempt started and recorded, if anything. */
  previous: string | null;
  /** Called as soon as the provider has accepted new work, before waiting for it. */
  started(id: string): Promise<void>;
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
  /** True when generate() records and resumes its work through `req.providerJob`. */
  readonly resumable?: boolean;
  generate(req: GenerateRequest): Promise<GenerateResult>;
  /** A cheap readiness check (configuration present, endpoint reachable where sensible). */
  check(): Promise<void>;
}

/** What a Kanvas provider is asked for: one picture per call (a run of four calls four times). */
export interface KanvasRequest {
  mode: "text2image" | "image2image";
  /** Already checked against the banned keywords and trimmed; at most 2000 characters. */
  prompt: string;
  /** "" when none was given. */
  negativePrompt: string;
  aspectRatio: "1:1" | "16:9" | "9:16";
  /** The run's seed plus the picture's index: the same request gives the same picture. */
  seed: number;
  /**
   * image2image: the reference images (JPEG, at most 1024 px, normalised at upload), as
   * file-backed Blobs read only while a request body is sent; empty for text2image.
   */
  images: Blob[];
  signal: AbortSignal;
  /** As for avatars: work an earlier attempt started is resumed, not paid for again. */
  providerJob?: ProviderJobLink;
}

/** A provider of the `kanvas_generation` service (ai_model_configs). */
export interface KanvasProvider {
  readonly name: AvatarProvider["name"];
  readonly model: string;
  readonly resumable?: boolean;
  generateKanvas(req: KanvasRequest): Promise<GenerateResult>;
  /** A cheap readiness check (configuration present). */
  check(): Promise<void>;
}

/** The subject as bytes, for APIs that take it inline (base64 in JSON, local rendering). */
export async function subjectBytes(image: Buffer | Blob): Promise<Buffer> {
  if (Buffer.isBuffer(image)) return image;
  try {
    return Buffer.from(await image.arrayBuffer());
  } catch (e) {
    // The stored photo went away (retention) between the job's start and now.
    throw new ProviderError("transient", `the subject photo could not be read (${String(e)})`);
  }
}

/**
 * The subject as a multipart file part. A file-backed Blob is streamed from disk when the body
 * is sent (no copy in memory); bytes are wrapped once.
 */
export function subjectBlob(image: Buffer | Blob, type = "image/jpeg"): Blob {
  if (Buffer.isBuffer(image)) return new Blob([image], { type });
  return image.type === type ? image : image.slice(0, image.size, type);
}

/**
 * The prompt with the negative prompt said in words, for models that take no negative prompt
 * but follow instructions (gpt-image-1, nano-banana).
 */
export function promptWithAvoid(prompt: string, negativePrompt: string): string {
  return negativePrompt ? `${prompt}\n\nAvoid: ${negativePrompt}` : prompt;
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

/**
 * fetch with the provider's key, through the endpoint guard (ADR 030), with the job's abort
 * signal and a per-call timeout; network failures are transient, a refused endpoint permanent.
 *
 * A request with a body is sent without following redirects (`redirect: "error"`, no window):
 * otherwise fetch clones the request for a possible redirect, and the clone's tee of the body
 * stream keeps every byte sent until the answer comes, which for a provider that answers after
 * a minute is the whole photo per request in flight. No request is redirected anyway: the key
 * goes only where the guard allowed.
 */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs?: number; signal: AbortSignal; guard: EndpointGuard },
): Promise<Response> {
  const { guard, timeoutMs, ...rest } = init;
  const timeout = AbortSignal.timeout(timeoutMs ?? 30_000);
  return guarded(provider, init.signal, timeout, () =>
    guard.fetchWithKey(provider, url, {
      ...rest,
      signal: AbortSignal.any([init.signal, timeout]),
    }),
  );
}

/** A guarded fetch's failure as a ProviderError. */
async function guarded(
  provider: string,
  signal: AbortSignal,
  timeout: AbortSignal,
  send: () => Promise<Response>,
): Promise<Response> {
  try {
    return await send();
  } catch (e) {
    if (e instanceof EndpointRefusedError)
      throw new ProviderError("permanent", `${provider}: endpoint refused: ${e.message}`);
    if (signal.aborted)
      throw new ProviderError("transient", `${provider}: cancelled (${String(signal.reason)})`);
    throw new ProviderError(
      "transient",
      `${provider}: ${timeout.aborted ? "timed out" : `network error (${(e as Error).message})`}`,
    );
  }
}

/**
 * Download a provider's output right away into our memory (their URLs expire), in one of the
 * process's answer slots (answer-slots.ts). No key goes with it; the guard still keeps the
 * download (and any redirect) off private and metadata addresses.
 */
export function downloadImage(
  provider: string,
  url: string,
  signal: AbortSignal,
  guard: EndpointGuard,
): Promise<Buffer> {
  return providerAnswers.read(async () => {
    const timeout = AbortSignal.timeout(60_000);
    const res = await guarded(provider, signal, timeout, () =>
      guard.fetchOutput(url, { signal: AbortSignal.any([signal, timeout]) }),
    );
    if (!res.ok) throw errorForStatus(provider, res.status, "output download failed");
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0) throw new ProviderError("transient", `${provider}: empty output`);
    return bytes;
  });
}

/** Output size for an aspect ratio, long side 1024. */
export function sizeFor(aspectRatio: string | undefined): { width: number; height: number } {
  const [w, h] = (aspectRatio ?? "1:1").split(":").map(Number) as [number, number];
  if (!w || !h) return { width: 1024, height: 1024 };
  return w >= h
    ? { width: 1024, height: Math.round((1024 * h) / w / 8) * 8 }
    : { width: Math.round((1024 * w) / h / 8) * 8, height: 1024 };
}
