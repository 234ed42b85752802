import { providerAnswers } from "../answer-slots";
import {
  type AvatarProvider,
  errorForStatus,
  type KanvasProvider,
  ProviderError,
  providerFetch,
} from "../provider";
import type { EndpointGuard } from "../endpoint-guard";

export interface HuggingFaceConfig {
  token: string;
  /** Where the key may go (ADR 030): every call with it goes through this guard. */
  guard: EndpointGuard;
  /** https://router.huggingface.co by default; a local fake in tests. */
  endpoint: string;
  /** A text-to-image model served by HF Inference, e.g. stabilityai/stable-diffusion-xl-base-1.0. */
  model: string;
  /** The request is aborted after this long (the API has no cancel). */
  timeoutMs?: number;
}

export const HF_DEFAULT_MODEL = "stabilityai/stable-diffusion-xl-base-1.0";

/** Width and height for an aspect ratio: long side 1024, multiples of 8 (what SD models want). */
function dimensions(aspectRatio: string): { width: number; height: number } {
  const [w, h] = aspectRatio.split(":").map(Number) as [number, number];
  if (!w || !h) return { width: 1024, height: 1024 };
  return w >= h
    ? { width: 1024, height: Math.round((1024 * h) / w / 8) * 8 }
    : { width: Math.round((1024 * w) / h / 8) * 8, height: 1024 };
}

interface HfError {
  error?: string | string[];
  estimated_time?: number;
}

/**
 * Hugging Face Inference Providers, text-to-image through the router:
 * `POST {endpoint}/hf-inference/models/{model}` with `{ inputs, parameters }`; the answer is the
 * image bytes. Errors are `{ error }` JSON; 503 means the model is loading (transient, with
 * `estimated_time` used as the retry delay).
 */
async function textToImage(
  cfg: HuggingFaceConfig,
  inputs: string,
  parameters: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Buffer> {
  const base = cfg.endpoint.replace(/\/+$/, "");
  const url = `${base}/hf-inference/models/${cfg.model.split("/").map(encodeURIComponent).join("/")}`;
  const timeoutMs = cfg.timeoutMs ?? 150_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const res = await providerFetch("huggingface", url, {
    method: "POST",
    headers: { Authorization: `Bearer ${cfg.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ inputs, parameters }),
    signal,
    timeoutMs,
    guard: cfg.guard,
  });
  let bytes: Buffer;
  try {
    // In one of the process's answer slots: a burst of answers is taken in a few at a time.
    bytes = await providerAnswers.read(async () => Buffer.from(await res.arrayBuffer()));
  } catch (e) {
    throw new ProviderError(
      "transient",
      deadline.aborted || signal.aborted
        ? "huggingface: timed out reading the response"
        : `huggingface: network error (${(e as Error).message})`,
    );
  }
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok) {
    let body: HfError = {};
    try {
      body = JSON.parse(bytes.toString("utf8")) as HfError;
    } catch {
      // not JSON
    }
    const detail = Array.isArray(body.error)
      ? body.error.join("; ")
      : (body.error ?? bytes.toString("utf8"));
    let retryAfter = res.headers.get("retry-after");
    if (res.status === 503 && !retryAfter && typeof body.estimated_time === "number")
      retryAfter = String(Math.max(1, Math.ceil(body.estimated_time)));
    throw errorForStatus("huggingface", res.status, detail, retryAfter);
  }
  if (!type.startsWith("image/") || bytes.length === 0)
    throw new ProviderError(
      "permanent",
      `huggingface: expected an image, got ${type || "nothing"}: ${bytes.toString("utf8", 0, 200)}`,
    );
  return bytes;
}

function check(cfg: HuggingFaceConfig): Promise<void> {
  if (!cfg.token) return Promise.reject(new Error("HF_TOKEN is not set"));
  return Promise.resolve();
}

/** Avatars by text-to-image: the photo is not seen, the style prompt alone drives the picture. */
export function createHuggingFaceProvider(cfg: HuggingFaceConfig): AvatarProvider {
  return {
    name: "huggingface",
    model: cfg.model,
    async generate(req) {
      const { width, height } = dimensions(req.aspectRatio);
      const image = await textToImage(
        cfg,
        req.prompt,
        {
          negative_prompt: req.negativePrompt || undefined,
          guidance_scale: req.guidanceScale,
          num_inference_steps: req.steps,
          width,
          height,
          seed: req.seed,
        },
        req.signal,
      );
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}

/** Kanvas sizes: about one megapixel, the resolutions SDXL-class models were trained at. */
const KANVAS_SIZES = {
  "1:1": { width: 1024, height: 1024 },
  "16:9": { width: 1344, height: 768 },
  "9:16": { width: 768, height: 1344 },
} as const;

/**
 * Kanvas text-to-image through the same route, with the negative prompt and the seed. Image to
 * image is refused: HF Inference serves each model as one pipeline, and the text-to-image models
 * configured here take no picture (HF documents image-to-image only for other models, mostly
 * through third-party providers with payloads of their own).
 */
export function createHuggingFaceKanvasProvider(cfg: HuggingFaceConfig): KanvasProvider {
  return {
    name: "huggingface",
    model: cfg.model,
    async generateKanvas(req) {
      if (req.mode === "image2image")
        throw new ProviderError(
          "permanent",
          `huggingface: image to image is not available for ${cfg.model}`,
        );
      const { width, height } = KANVAS_SIZES[req.aspectRatio];
      const image = await textToImage(
        cfg,
        req.prompt,
        { negative_prompt: req.negativePrompt || undefined, width, height, seed: req.seed },
        req.signal,
      );
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}
