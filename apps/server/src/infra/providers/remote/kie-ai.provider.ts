import { randomUUID } from "node:crypto";
import {
  type AvatarProvider,
  downloadImage,
  errorForStatus,
  type KanvasProvider,
  promptWithAvoid,
  ProviderError,
  providerFetch,
  subjectBytes,
} from "../provider";
import type { EndpointGuard } from "../endpoint-guard";

export interface KieAiConfig {
  apiKey: string;
  /** Where the key may go (ADR 030): every call with it goes through this guard. */
  guard: EndpointGuard;
  /** https://api.kie.ai by default; a local fake in tests. */
  endpoint: string;
  /** Where the subject photo is uploaded first (Kie's File Upload API host). */
  uploadEndpoint: string;
  /** A Kie market model that edits an input image, e.g. google/nano-banana-edit. */
  model: string;
  /** Extra `input` fields for the model (e.g. { output_format: "jpeg" }). */
  extraInput?: Record<string, unknown>;
  pollIntervalMs?: number;
  /** Stop waiting for the task after this long (Kie has no cancel call). */
  timeoutMs?: number;
}

export const KIE_DEFAULT_MODEL = "google/nano-banana-edit";
export const KIE_UPLOAD_ENDPOINT = "https://kieai.redpandaai.co";

/** `image_size` values the nano-banana-edit model takes; anything else becomes "auto". */
const IMAGE_SIZES = new Set([
  "1:1",
  "9:16",
  "16:9",
  "3:4",
  "4:3",
  "3:2",
  "2:3",
  "5:4",
  "4:5",
  "21:9",
]);

interface Envelope<T> {
  code?: number;
  msg?: string;
  success?: boolean;
  data?: T | null;
}
interface TaskRecord {
  taskId: string;
  state: "waiting" | "queuing" | "generating" | "success" | "fail";
  resultJson?: string | null;
  failCode?: string | null;
  failMsg?: string | null;
}

const PENDING = new Set(["waiting", "queuing", "generating"]);
/** Consecutive transient poll failures tolerated before the generation is given up. */
const MAX_POLL_ERRORS = 5;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderError("transient", "kie_ai: cancelled"));
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        reject(new ProviderError("transient", "kie_ai: cancelled"));
      },
      { once: true },
    );
  });

/** Kie's `image_size` for an aspect ratio: one the models list, else "auto". */
const imageSize = (aspectRatio: string) => (IMAGE_SIZES.has(aspectRatio) ? aspectRatio : "auto");

/**
 * Kie.ai market API: images go to Kie's File Upload API first (base64 → a temporary
 * `downloadUrl`), `POST /api/v1/jobs/createTask` starts the model with those URLs, and
 * `GET /api/v1/jobs/recordInfo?taskId=` is polled until `success` (result URLs in the
 * `resultJson` string) or `fail`. Kie reports errors in the body's `code` even when HTTP says
 * 200: 401 and 402 (balance) are permanent, 429, 455 and 5xx transient.
 */
function createKieClient(cfg: KieAiConfig) {
  const base = cfg.endpoint.replace(/\/+$/, "");
  const uploadBase = cfg.uploadEndpoint.replace(/\/+$/, "");
  const headers = { Authorization: `Bearer ${cfg.apiKey}`, "Content-Type": "application/json" };
  const poll = cfg.pollIntervalMs ?? 2000;

  /** The body's `code` decides, then the HTTP status. */
  async function envelope<T>(res: Response, what: string, signal: AbortSignal): Promise<T> {
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw new ProviderError(
        "transient",
        signal.aborted
          ? `kie_ai: timed out reading ${what}`
          : `kie_ai: network error (${(e as Error).message})`,
      );
    }
    let body: Envelope<T> | null = null;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      // not JSON
    }
    const code = typeof body?.code === "number" ? body.code : res.status;
    const detail = `${what}: ${body?.msg ?? text}`;
    if (!res.ok && code === 200)
      throw errorForStatus("kie_ai", res.status, detail, res.headers.get("retry-after"));
    if (code !== 200) {
      if (code === 455) throw new ProviderError("transient", `kie_ai answered 455: ${detail}`);
      if (code === 501 || code === 505)
        throw new ProviderError("permanent", `kie_ai answered ${code}: ${detail}`);
      throw errorForStatus("kie_ai", code, detail, res.headers.get("retry-after"));
    }
    if (!body?.data) throw new ProviderError("transient", `kie_ai: ${what} answered without data`);
    return body.data;
  }

  /** Put one JPEG on Kie's File Upload API (under `folder`); its temporary URL. */
  async function upload(image: Buffer | Blob, folder: string, signal: AbortSignal) {
    const uploaded = await envelope<{ downloadUrl?: string; fileUrl?: string }>(
      await providerFetch("kie_ai", `${uploadBase}/api/file-base64-upload`, {
        method: "POST",
        headers,
        signal,
        guard: cfg.guard,
        body: JSON.stringify({
          base64Data: `data:image/jpeg;base64,${(await subjectBytes(image)).toString("base64")}`,
          uploadPath: folder,
          fileName: `${randomUUID()}.jpg`,
        }),
      }),
      "file upload",
      signal,
    );
    const url = uploaded.downloadUrl ?? uploaded.fileUrl;
    if (!url) throw new ProviderError("transient", "kie_ai: file upload gave no URL");
    return url;
  }

  /**
   * One task of `model` and its first result, copied into our memory. `input` is built inside
   * the deadline (uploads count against it); Kie has no cancel, so a task that outlives the
   * deadline is abandoned.
   */
  async function run(
    model: string,
    jobSignal: AbortSignal,
    input: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): Promise<Buffer> {
    const deadline = AbortSignal.timeout(cfg.timeoutMs ?? 150_000);
    const signal = AbortSignal.any([jobSignal, deadline]);
    try {
      const body = JSON.stringify({
        model,
        input: { ...(await input(signal)), ...cfg.extraInput },
      });
      const created = await envelope<{ taskId?: string }>(
        await providerFetch("kie_ai", `${base}/api/v1/jobs/createTask`, {
          method: "POST",
          headers,
          signal,
          guard: cfg.guard,
          body,
        }),
        "createTask",
        signal,
      );
      if (!created.taskId)
        throw new ProviderError("transient", "kie_ai: createTask gave no taskId");

      const recordUrl = `${base}/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(created.taskId)}`;
      let errorsInARow = 0;
      let record: TaskRecord | null = null;
      while (!record || PENDING.has(record.state)) {
        await sleep(poll, signal);
        try {
          record = await envelope<TaskRecord>(
            await providerFetch("kie_ai", recordUrl, { headers, signal, guard: cfg.guard }),
            "recordInfo",
            signal,
          );
          errorsInARow = 0;
        } catch (e) {
          // The task runs on regardless: a failed poll is tried again, not the whole job.
          if (!(e instanceof ProviderError) || e.kind === "permanent" || signal.aborted) throw e;
          if (++errorsInARow >= MAX_POLL_ERRORS) throw e;
          if (e.retryAfterSeconds) await sleep(e.retryAfterSeconds * 1000, signal);
        }
      }
      if (record.state !== "success") {
        const reason = [record.failCode, record.failMsg].filter(Boolean).join(": ");
        throw new ProviderError(
          "permanent",
          `kie_ai: task ${record.state}${reason ? `: ${reason}` : ""}`,
        );
      }
      let urls: unknown;
      try {
        urls = (JSON.parse(record.resultJson ?? "{}") as { resultUrls?: unknown }).resultUrls;
      } catch {
        throw new ProviderError("transient", "kie_ai: resultJson is not JSON");
      }
      const url = Array.isArray(urls)
        ? urls.find((u): u is string => typeof u === "string")
        : undefined;
      if (!url) throw new ProviderError("permanent", "kie_ai: the task had no result URL");
      return await downloadImage("kie_ai", url, jobSignal, cfg.guard);
    } catch (e) {
      if (deadline.aborted && !jobSignal.aborted)
        throw new ProviderError(
          "transient",
          "kie_ai: timed out waiting for the task (Kie has no cancel; it was abandoned)",
        );
      throw e;
    }
  }

  return { upload, run };
}

function check(cfg: KieAiConfig): Promise<void> {
  if (!cfg.apiKey) return Promise.reject(new Error("KIE_AI_API_KEY is not set"));
  return Promise.resolve();
}

/** Avatars: the subject photo, uploaded, edited by the model as the style prompt says. */
export function createKieAiProvider(cfg: KieAiConfig): AvatarProvider {
  const kie = createKieClient(cfg);
  return {
    name: "kie_ai",
    model: cfg.model,
    async generate(req) {
      const image = await kie.run(cfg.model, req.signal, async (signal) => ({
        prompt: req.prompt.slice(0, 5000),
        image_urls: [await kie.upload(req.image, "rupa/subjects", signal)],
        output_format: "png",
        image_size: imageSize(req.aspectRatio),
      }));
      return { image, model: cfg.model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}

/** Kie's text-to-image sibling of nano-banana-edit, Kanvas's default there. */
export const KIE_KANVAS_MODEL = "google/nano-banana";

export interface KieAiKanvasConfig extends KieAiConfig {
  /** image2image's model: Kie lists editing as a model of its own (unset: nano-banana-edit). */
  editModel?: string;
}

/**
 * Kanvas on Kie: text2image runs `model` with the prompt alone, image2image uploads every
 * reference image and runs `editModel` with their URLs; Kanvas's three ratios are all
 * `image_size` values the models list. Neither nano-banana model takes a
 * negative prompt or a seed: what to avoid is said in words (they follow instructions), and the
 * same request may give another picture.
 */
export function createKieAiKanvasProvider(cfg: KieAiKanvasConfig): KanvasProvider {
  const kie = createKieClient(cfg);
  const editModel = cfg.editModel ?? KIE_DEFAULT_MODEL;
  return {
    name: "kie_ai",
    model: cfg.model,
    async generateKanvas(req) {
      if (req.mode === "image2image" && req.images.length === 0)
        throw new ProviderError("permanent", "kie_ai: image to image needs a reference image");
      const model = req.mode === "image2image" ? editModel : cfg.model;
      const image = await kie.run(model, req.signal, async (signal) => {
        const input: Record<string, unknown> = {
          prompt: promptWithAvoid(req.prompt, req.negativePrompt).slice(0, 5000),
          output_format: "png",
          image_size: imageSize(req.aspectRatio),
        };
        if (req.mode === "image2image") {
          const urls: string[] = [];
          // One at a time: each upload holds its image as base64 while it is sent.
          for (const ref of req.images) urls.push(await kie.upload(ref, "rupa/kanvas", signal));
          input.image_urls = urls;
        }
        return input;
      });
      return { image, model, seed: req.seed };
    },
    check: () => check(cfg),
  };
}
