import type { PredictionWaiters } from "./replicate-webhook";
import {
  type AvatarProvider,
  downloadImage,
  errorForStatus,
  type KanvasProvider,
  ProviderError,
  type ProviderJobLink,
  providerFetch,
  subjectBytes,
} from "../provider";
import type { EndpointGuard } from "../endpoint-guard";

export interface ReplicateConfig {
  token: string;
  /** Where the key may go (ADR 030): every call with it goes through this guard. */
  guard: EndpointGuard;
  /** https://api.replicate.com by default; a local fake in tests. */
  endpoint: string;
  /** The pinned model version (a 64-hex id) of zsxkib/instant-id or another model. */
  version: string | null;
  model: string;
  pollIntervalMs?: number;
  /** Give up (and cancel the prediction) after this long. */
  timeoutMs?: number;
  /** Where Replicate should POST status updates (PUBLIC_URL + /api/webhooks/replicate), if set. */
  webhookUrl?: string;
  /** Woken by verified webhooks, so a finished prediction is fetched at once. */
  waiters?: PredictionWaiters;
}

interface Prediction {
  id: string;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled";
  output: unknown;
  error: unknown;
  urls?: { get?: string; cancel?: string };
}

/** Wait `ms`, or reject when the signal aborts; the abort listener goes when either happens. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderError("transient", "replicate: cancelled"));
    const aborted = () => {
      clearTimeout(t);
      reject(new ProviderError("transient", "replicate: cancelled"));
    };
    const t = setTimeout(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    signal.addEventListener("abort", aborted, { once: true });
  });

/** Our own deadline ran out (as opposed to the caller giving up, e.g. having lost its claim). */
const timedOut = (s: AbortSignal) =>
  s.aborted && s.reason instanceof DOMException && s.reason.name === "TimeoutError";

function firstUrl(output: unknown): string | null {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) return output.find((o): o is string => typeof o === "string") ?? null;
  return null;
}

/** What running a prediction needs of a request (an avatar's or a Kanvas picture's). */
interface PredictionRequest {
  signal: AbortSignal;
  providerJob?: ProviderJobLink;
}

/** Bytes as a data URL: the API takes small inputs inline instead of as uploaded files. */
const jpegDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

/**
 * Replicate predictions API: create a prediction for a pinned version, poll `urls.get` until it
 * settles (woken early by verified webhooks), cancel it on timeout, honour 429 Retry-After, and
 * copy the output out at once. `run` takes the model's input as a function, so a resumed
 * prediction does not read the request's images at all.
 */
function createPredictionRunner(cfg: ReplicateConfig) {
  const base = cfg.endpoint.replace(/\/+$/, "");
  const headers = { Authorization: `Bearer ${cfg.token}`, "Content-Type": "application/json" };
  const poll = cfg.pollIntervalMs ?? 1000;

  async function json(res: Response): Promise<Prediction> {
    const text = await res.text();
    if (!res.ok) {
      let detail = text;
      try {
        const body = JSON.parse(text) as { detail?: string; title?: string };
        detail = body.detail ?? body.title ?? text;
      } catch {
        // not JSON
      }
      throw errorForStatus("replicate", res.status, detail, res.headers.get("retry-after"));
    }
    try {
      return JSON.parse(text) as Prediction;
    } catch {
      throw new ProviderError("transient", "replicate: invalid JSON response");
    }
  }

  /** Start a prediction with this input. */
  async function create(input: Record<string, unknown>, signal: AbortSignal): Promise<Prediction> {
    return json(
      await providerFetch("replicate", `${base}/v1/predictions`, {
        method: "POST",
        headers,
        signal,
        guard: cfg.guard,
        body: JSON.stringify({
          version: cfg.version,
          input,
          ...(cfg.webhookUrl
            ? { webhook: cfg.webhookUrl, webhook_events_filter: ["completed"] }
            : {}),
        }),
      }),
    );
  }

  /** A prediction an earlier attempt started, if it can still deliver (else null). */
  async function find(id: string, signal: AbortSignal): Promise<Prediction | null> {
    const res = await providerFetch(
      "replicate",
      `${base}/v1/predictions/${encodeURIComponent(id)}`,
      { headers, signal, guard: cfg.guard },
    );
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    const p = await json(res);
    return p.status === "canceled" ? null : p;
  }

  /** Poll until the prediction settles; on our timeout, cancel it. */
  async function settle(
    first: Prediction,
    req: PredictionRequest,
    signal: AbortSignal,
    deadline: AbortSignal,
  ): Promise<Prediction> {
    let p = first;
    const getUrl = first.urls?.get ?? `${base}/v1/predictions/${first.id}`;
    const cancelUrl = first.urls?.cancel ?? `${base}/v1/predictions/${first.id}/cancel`;
    try {
      while (p.status === "starting" || p.status === "processing") {
        if (cfg.waiters && cfg.webhookUrl) {
          // The webhook usually arrives first; polling stays as the safety net.
          await cfg.waiters.wait(first.id, poll * 5, signal).catch(() => {
            throw new ProviderError("transient", "replicate: cancelled");
          });
        } else {
          await sleep(poll, signal);
        }
        p = await json(
          await providerFetch("replicate", getUrl, { headers, signal, guard: cfg.guard }),
        );
      }
      return p;
    } catch (e) {
      // Our time ran out: stop paying for it. A caller that merely gave up (a worker that lost
      // its claim) leaves it running, for the attempt that took over to resume.
      if (deadline.aborted || timedOut(req.signal)) {
        await cfg.guard
          .fetchWithKey("replicate", cancelUrl, {
            method: "POST",
            headers,
            signal: AbortSignal.timeout(10_000),
          })
          .then((res) => res.body?.cancel())
          .catch(() => undefined);
        throw new ProviderError(
          "transient",
          "replicate: timed out waiting for the prediction; it was cancelled",
        );
      }
      throw e;
    }
  }

  /** The image of one prediction: an earlier attempt's, resumed, or a new one. */
  return async function run(
    req: PredictionRequest,
    input: () => Promise<Record<string, unknown>>,
  ): Promise<Buffer> {
    if (!cfg.version)
      throw new ProviderError("permanent", "replicate: no model version is configured");
    const deadline = AbortSignal.timeout(cfg.timeoutMs ?? 150_000);
    const signal = AbortSignal.any([req.signal, deadline]);
    // An earlier attempt's prediction (cut off by a crash or a retry) is resumed, not paid
    // for again; one that was cancelled, is unknown or whose output expired is replaced.
    let resumed = req.providerJob?.previous ? await find(req.providerJob.previous, signal) : null;
    for (;;) {
      let p = resumed;
      if (!p) {
        p = await create(await input(), req.signal);
        await req.providerJob?.started(p.id);
      }
      p = await settle(p, req, signal, deadline);
      if (p.status !== "succeeded") {
        const reason = typeof p.error === "string" ? p.error : p.status;
        // A model error (bad input, NSFW filter) will fail the same way again.
        throw new ProviderError("permanent", `replicate: prediction ${p.status}: ${reason}`);
      }
      const url = firstUrl(p.output);
      if (!url) throw new ProviderError("permanent", "replicate: prediction had no image output");
      try {
        return await downloadImage("replicate", url, req.signal, cfg.guard);
      } catch (e) {
        // An old prediction's output can have expired: make it again, once.
        if (!resumed || !(e instanceof ProviderError) || e.kind !== "permanent") throw e;
        resumed = null;
      }
    }
  };
}

function check(cfg: ReplicateConfig): Promise<void> {
  if (!cfg.token) return Promise.reject(new Error("REPLICATE_API_TOKEN is not set"));
  if (!cfg.version) return Promise.reject(new Error("no model version configured"));
  return Promise.resolve();
}

/** Avatars: the subject photo and the style's prompt and settings, for InstantID-style models. */
export function createReplicateProvider(cfg: ReplicateConfig): AvatarProvider {
  const run = createPredictionRunner(cfg);
  return {
    name: "replicate",
    model: cfg.model,
    resumable: true,
    async generate(req) {
      const image = await run(req, async () => ({
        image: jpegDataUrl(await subjectBytes(req.image)),
        prompt: req.prompt,
        negative_prompt: req.negativePrompt,
        guidance_scale: req.guidanceScale,
        num_inference_steps: req.steps,
        ip_adapter_scale: req.styleStrength,
        seed: req.seed,
      }));
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}

/** Replicate's default Kanvas model. */
export const FLUX_DEV_MODEL = "black-forest-labs/flux-dev";
/**
 * The flux-dev version pinned when a config names flux-dev without a `version` of its own: the
 * id public projects pin for flux-dev on `POST /v1/predictions` (not checked against the live
 * API from here; a config's `version` replaces it).
 */
export const FLUX_DEV_VERSION = "6e4a938f85952bdabcc15aa329178c4d681c52bf25a0342403287dc26944661d";

export interface ReplicateKanvasConfig extends ReplicateConfig {
  /** image2image: how far the picture may move from the reference, 0..1 (unset: 0.8). */
  promptStrength?: number;
}

/**
 * Kanvas on a FLUX dev-style model: `prompt`, `aspect_ratio`, `seed`, one JPEG; image-to-image
 * adds the first reference image as `image` (a data URL, as avatars send the photo) and
 * `prompt_strength`. FLUX dev takes no negative prompt, and naming what to avoid in its prompt
 * tends to draw it, so the negative prompt is left out. In image mode the model's schema says
 * the picture takes the reference's aspect ratio, whatever `aspect_ratio` asks.
 */
export function createReplicateKanvasProvider(cfg: ReplicateKanvasConfig): KanvasProvider {
  const version = cfg.version ?? (cfg.model === FLUX_DEV_MODEL ? FLUX_DEV_VERSION : null);
  const pinned = { ...cfg, version };
  const run = createPredictionRunner(pinned);
  return {
    name: "replicate",
    model: cfg.model,
    resumable: true,
    async generateKanvas(req) {
      const reference = req.images[0];
      if (req.mode === "image2image" && !reference)
        throw new ProviderError("permanent", "replicate: image to image needs a reference image");
      const image = await run(req, async () => ({
        prompt: req.prompt,
        aspect_ratio: req.aspectRatio,
        seed: req.seed,
        output_format: "jpg",
        num_outputs: 1,
        ...(req.mode === "image2image" && reference
          ? {
              image: jpegDataUrl(await subjectBytes(reference)),
              prompt_strength: cfg.promptStrength ?? 0.8,
            }
          : {}),
      }));
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(pinned),
  };
}
