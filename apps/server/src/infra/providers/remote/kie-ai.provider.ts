import { randomUUID } from "node:crypto";
import {
  type AvatarProvider,
  downloadImage,
  errorForStatus,
  ProviderError,
  providerFetch,
  subjectBytes,
} from "../provider";

export interface KieAiConfig {
  apiKey: string;
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

/**
 * Kie.ai market API: the subject photo goes to Kie's File Upload API (base64 → a temporary
 * `downloadUrl`), `POST /api/v1/jobs/createTask` starts the model with that URL, and
 * `GET /api/v1/jobs/recordInfo?taskId=` is polled until `success` (result URLs in the
 * `resultJson` string) or `fail`. Kie reports errors in the body's `code` even when HTTP says
 * 200: 401 and 402 (balance) are permanent, 429, 455 and 5xx transient.
 */
export function createKieAiProvider(cfg: KieAiConfig): AvatarProvider {
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

  return {
    name: "kie_ai",
    model: cfg.model,
    async generate(req) {
      const deadline = AbortSignal.timeout(cfg.timeoutMs ?? 150_000);
      const signal = AbortSignal.any([req.signal, deadline]);
      const timedOut = () =>
        new ProviderError(
          "transient",
          "kie_ai: timed out waiting for the task (Kie has no cancel; it was abandoned)",
        );

      try {
        const uploaded = await envelope<{ downloadUrl?: string; fileUrl?: string }>(
          await providerFetch("kie_ai", `${uploadBase}/api/file-base64-upload`, {
            method: "POST",
            headers,
            signal,
            body: JSON.stringify({
              base64Data: `data:image/jpeg;base64,${(await subjectBytes(req.image)).toString("base64")}`,
              uploadPath: "rupa/subjects",
              fileName: `${randomUUID()}.jpg`,
            }),
          }),
          "file upload",
          signal,
        );
        const imageUrl = uploaded.downloadUrl ?? uploaded.fileUrl;
        if (!imageUrl) throw new ProviderError("transient", "kie_ai: file upload gave no URL");

        const created = await envelope<{ taskId?: string }>(
          await providerFetch("kie_ai", `${base}/api/v1/jobs/createTask`, {
            method: "POST",
            headers,
            signal,
            body: JSON.stringify({
              model: cfg.model,
              input: {
                prompt: req.prompt.slice(0, 5000),
                image_urls: [imageUrl],
                output_format: "png",
                image_size: IMAGE_SIZES.has(req.aspectRatio) ? req.aspectRatio : "auto",
                ...cfg.extraInput,
              },
            }),
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
              await providerFetch("kie_ai", recordUrl, { headers, signal }),
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
        return {
          image: await downloadImage("kie_ai", url, req.signal),
          model: cfg.model,
          seed: req.seed,
        };
      } catch (e) {
        if (deadline.aborted && !req.signal.aborted) throw timedOut();
        throw e;
      }
    },
    check() {
      if (!cfg.apiKey) return Promise.reject(new Error("KIE_AI_API_KEY is not set"));
      return Promise.resolve();
    },
  };
}
