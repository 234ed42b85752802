import {
  type AvatarProvider,
  downloadImage,
  type KanvasProvider,
  errorForStatus,
  promptWithAvoid,
  ProviderError,
  providerFetch,
  subjectBlob,
} from "../provider";
import type { EndpointGuard } from "../endpoint-guard";
import { providerAnswers } from "../answer-slots";
import { B64JsonError, createB64JsonReader } from "./b64-json-reader";

export interface OpenAiConfig {
  apiKey: string;
  /** Where the key may go (ADR 030): every call with it goes through this guard. */
  guard: EndpointGuard;
  /** https://api.openai.com by default; a local fake in tests. */
  endpoint: string;
  /** Always sent: the edits endpoint would otherwise pick dall-e-2. */
  model: string;
  /** gpt-image-1 quality: low | medium | high | auto (omitted when unset). */
  quality?: string;
  /** gpt-image-1 input_fidelity: high keeps faces closer to the photo (omitted when unset). */
  inputFidelity?: string;
  /** One edit may take a minute or more; the request is aborted after this long. */
  timeoutMs?: number;
}

/** The gpt-image-1 size nearest to an aspect ratio ("3:4" → portrait 1024x1536). */
export function openAiSizeFor(aspectRatio: string): "1024x1024" | "1024x1536" | "1536x1024" {
  const [w, h] = aspectRatio.split(":").map(Number) as [number, number];
  if (!w || !h) return "1024x1024";
  const r = w / h;
  // Nearest on a log scale: thresholds halfway (geometrically) between 1:1 and 2:3 / 3:2.
  if (r < Math.sqrt(2 / 3)) return "1024x1536";
  if (r > Math.sqrt(3 / 2)) return "1536x1024";
  return "1024x1024";
}

interface OpenAiError {
  error?: { message?: string; type?: string; code?: string | null };
}
interface ImagesResponse {
  created?: number;
  data?: { b64_json?: string; url?: string }[];
}

function readFailure(e: unknown, signal: AbortSignal): ProviderError {
  return new ProviderError(
    "transient",
    signal.aborted
      ? "openai: timed out reading the response"
      : `openai: network error (${(e as Error).message})`,
  );
}

/** Read a body; an abort or a dropped connection while reading is transient. */
async function readText(res: Response, signal: AbortSignal): Promise<string> {
  try {
    return await res.text();
  } catch (e) {
    throw readFailure(e, signal);
  }
}

/**
 * Read a success body as it arrives: the base64 image is decoded piece by piece, the rest kept
 * as a small JSON text (see createB64JsonReader). Hundreds of answers may land together.
 */
async function readImages(
  res: Response,
  signal: AbortSignal,
): Promise<{ json: string; image: Buffer | null }> {
  // The length sizes the decoded image, unless the body is compressed (then it is too small).
  const length = Number(res.headers.get("content-length"));
  const reader = createB64JsonReader("b64_json", {
    sizeHint: res.headers.get("content-encoding") ? undefined : length || undefined,
  });
  try {
    if (res.body) for await (const chunk of res.body) reader.push(chunk as Uint8Array);
    return reader.finish();
  } catch (e) {
    if (e instanceof B64JsonError)
      throw new ProviderError("transient", `openai: invalid JSON response (${e.message})`);
    throw readFailure(e, signal);
  }
}

/** An error answer as a ProviderError (permanent or transient). */
function failure(status: number, text: string, retryAfter: string | null): ProviderError {
  let body: OpenAiError = {};
  try {
    body = JSON.parse(text) as OpenAiError;
  } catch {
    // not JSON
  }
  const err = body.error ?? {};
  const detail = [err.code ?? err.type, err.message ?? text].filter(Boolean).join(": ");
  // Out of quota or blocked by the safety system: another try fails the same way.
  if (err.code === "insufficient_quota" || err.type === "insufficient_quota")
    return new ProviderError("permanent", `openai answered ${status}: ${detail.slice(0, 200)}`);
  if (err.code === "moderation_blocked" || err.code === "content_policy_violation")
    return new ProviderError(
      "permanent",
      `openai refused the image (content policy): ${detail.slice(0, 200)}`,
    );
  return errorForStatus("openai", status, detail, retryAfter);
}

/**
 * One Images API call (`path` is /v1/images/edits with a multipart form, or
 * /v1/images/generations with JSON) and its single image. gpt-image-1 answers with base64
 * (`data[0].b64_json`), decoded into our memory at once, as it arrives. The API has no cancel:
 * on timeout the request is aborted.
 */
async function requestImage(
  cfg: OpenAiConfig,
  path: string,
  body: FormData | string,
  jobSignal: AbortSignal,
): Promise<Buffer> {
  const timeoutMs = cfg.timeoutMs ?? 150_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([jobSignal, deadline]);
  // A FormData body sets its own multipart Content-Type (with the boundary).
  const headers: Record<string, string> = { Authorization: `Bearer ${cfg.apiKey}` };
  if (typeof body === "string") headers["Content-Type"] = "application/json";
  const res = await providerFetch("openai", `${cfg.endpoint.replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers,
    body,
    signal: jobSignal,
    timeoutMs,
    guard: cfg.guard,
  });
  if (!res.ok)
    throw failure(res.status, await readText(res, signal), res.headers.get("retry-after"));
  // Read in one of the process's answer slots: a burst of answers is taken in a few at a time.
  const read = await providerAnswers.read(() => readImages(res, signal));
  let parsed: ImagesResponse;
  try {
    parsed = JSON.parse(read.json) as ImagesResponse;
  } catch {
    throw new ProviderError("transient", "openai: invalid JSON response");
  }
  const first = parsed.data?.[0];
  // `b64_json` was decoded while reading (it is "" in `read.json`).
  let image: Buffer | null = first?.b64_json === "" ? read.image : null;
  if (!image?.length && first?.url)
    image = await downloadImage("openai", first.url, jobSignal, cfg.guard);
  if (!image || image.length === 0)
    throw new ProviderError("permanent", "openai: the response had no image");
  return image;
}

/**
 * The multipart form of `POST /v1/images/edits`: every image as `image[]`, `model` always sent
 * (the endpoint would otherwise pick dall-e-2), one image of the given size.
 */
function editsForm(
  cfg: OpenAiConfig,
  images: [Blob, string][],
  prompt: string,
  size: string,
): FormData {
  const form = new FormData();
  form.append("model", cfg.model);
  for (const [blob, name] of images) form.append("image[]", blob, name);
  form.append("prompt", prompt);
  form.append("size", size);
  form.append("n", "1");
  if (cfg.quality) form.append("quality", cfg.quality);
  if (cfg.inputFidelity) form.append("input_fidelity", cfg.inputFidelity);
  return form;
}

function check(cfg: OpenAiConfig): Promise<void> {
  if (!cfg.apiKey) return Promise.reject(new Error("OPENAI_API_KEY is not set"));
  return Promise.resolve();
}

/**
 * OpenAI Images API, `POST /v1/images/edits` with gpt-image-1: the subject photo as `image[]`
 * in a multipart form, `model` always sent, the nearest supported size, one image.
 */
export function createOpenAiProvider(cfg: OpenAiConfig): AvatarProvider {
  return {
    name: "openai",
    model: cfg.model,
    async generate(req) {
      const form = editsForm(
        cfg,
        [[subjectBlob(req.image), "subject.jpg"]],
        promptWithAvoid(req.prompt, req.negativePrompt).slice(0, 32_000),
        openAiSizeFor(req.aspectRatio),
      );
      const image = await requestImage(cfg, "/v1/images/edits", form, req.signal);
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}

/**
 * Kanvas through the same Images API: text-to-image is `POST /v1/images/generations` (JSON),
 * image-to-image is `POST /v1/images/edits` with every reference image as `image[]`. The API
 * takes no seed: the same request may give another picture (the result carries the request's
 * seed all the same).
 */
export function createOpenAiKanvasProvider(cfg: OpenAiConfig): KanvasProvider {
  return {
    name: "openai",
    model: cfg.model,
    async generateKanvas(req) {
      const prompt = promptWithAvoid(req.prompt, req.negativePrompt).slice(0, 32_000);
      const size = openAiSizeFor(req.aspectRatio);
      let image: Buffer;
      if (req.mode === "text2image") {
        const body = JSON.stringify({
          model: cfg.model,
          prompt,
          size,
          n: 1,
          ...(cfg.quality ? { quality: cfg.quality } : {}),
        });
        image = await requestImage(cfg, "/v1/images/generations", body, req.signal);
      } else {
        if (req.images.length === 0)
          throw new ProviderError("permanent", "openai: image to image needs a reference image");
        const refs = req.images.map((ref, i): [Blob, string] => [
          subjectBlob(ref),
          `reference-${i + 1}.jpg`,
        ]);
        const form = editsForm(cfg, refs, prompt, size);
        image = await requestImage(cfg, "/v1/images/edits", form, req.signal);
      }
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}
