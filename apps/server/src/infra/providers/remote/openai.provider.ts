import {
  type AvatarProvider,
  downloadImage,
  errorForStatus,
  ProviderError,
  providerFetch,
  subjectBlob,
} from "../provider";
import { B64JsonError, createB64JsonReader } from "./b64-json-reader";

export interface OpenAiConfig {
  apiKey: string;
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

/**
 * OpenAI Images API, `POST /v1/images/edits` with gpt-image-1: the subject photo as `image[]`
 * in a multipart form, `model` always sent, the nearest supported size, one image. gpt-image-1
 * answers with base64 (`data[0].b64_json`), decoded into our memory at once, as it arrives. The API has no
 * cancel: on timeout the request is aborted.
 */
export function createOpenAiProvider(cfg: OpenAiConfig): AvatarProvider {
  const base = cfg.endpoint.replace(/\/+$/, "");

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

  return {
    name: "openai",
    model: cfg.model,
    async generate(req) {
      const timeoutMs = cfg.timeoutMs ?? 150_000;
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([req.signal, deadline]);
      const form = new FormData();
      form.append("model", cfg.model);
      form.append("image[]", subjectBlob(req.image), "subject.jpg");
      // No negative prompt in this API: it is said in words.
      const prompt = req.negativePrompt
        ? `${req.prompt}\n\nAvoid: ${req.negativePrompt}`
        : req.prompt;
      form.append("prompt", prompt.slice(0, 32_000));
      form.append("size", openAiSizeFor(req.aspectRatio));
      form.append("n", "1");
      if (cfg.quality) form.append("quality", cfg.quality);
      if (cfg.inputFidelity) form.append("input_fidelity", cfg.inputFidelity);

      const res = await providerFetch("openai", `${base}/v1/images/edits`, {
        method: "POST",
        headers: { Authorization: `Bearer ${cfg.apiKey}` },
        body: form,
        signal: req.signal,
        timeoutMs,
      });
      if (!res.ok)
        throw failure(res.status, await readText(res, signal), res.headers.get("retry-after"));
      const read = await readImages(res, signal);
      let body: ImagesResponse;
      try {
        body = JSON.parse(read.json) as ImagesResponse;
      } catch {
        throw new ProviderError("transient", "openai: invalid JSON response");
      }
      const first = body.data?.[0];
      // `b64_json` was decoded while reading (it is "" in `read.json`).
      let image: Buffer | null = first?.b64_json === "" ? read.image : null;
      if (!image?.length && first?.url)
        image = await downloadImage("openai", first.url, req.signal);
      if (!image || image.length === 0)
        throw new ProviderError("permanent", "openai: the response had no image");
      return { image, model: cfg.model, seed: req.seed };
    },
    check() {
      if (!cfg.apiKey) return Promise.reject(new Error("OPENAI_API_KEY is not set"));
      return Promise.resolve();
    },
  };
}
