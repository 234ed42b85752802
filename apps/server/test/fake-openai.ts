import http from "node:http";
import sharp from "sharp";
import { listenLocally } from "./fake-server";

export type FakeOpenAiMode =
  | "ok"
  | "unauthorized"
  | "rate_limited"
  | "insufficient_quota"
  | "moderation_blocked"
  | "server_error"
  | "unavailable"
  | "slow"
  | "no_image";

export interface OpenAiCall {
  method: string;
  path: string;
  auth?: string;
  contentType?: string;
  /** Text fields of the multipart form. */
  fields: Record<string, string>;
  /** File parts: field name → { type, name, size }. */
  files: Record<string, { type: string; name: string; size: number }>;
}

const SIZES = new Set(["1024x1024", "1024x1536", "1536x1024", "auto"]);

/**
 * A local stand-in for OpenAI's Images API (`POST /v1/images/edits`, and `GET /v1/models` for the
 * admin's Test) that answers as its
 * reference says: multipart in, `{ created, data: [{ b64_json }], usage }` out for gpt-image-1,
 * errors as `{ error: { message, type, param, code } }` with 400 (invalid request, moderation),
 * 401, 429 (rate limit with Retry-After, or insufficient_quota), 500 and 503. `slow` never
 * answers (the client must time out and abort); `delayMs` answers late (load tests).
 */
export async function startFakeOpenAi(
  opts: {
    mode?: FakeOpenAiMode;
    delayMs?: number;
    apiKey?: string;
    recordCalls?: boolean;
    /** The image every success returns (default: a flat PNG of the requested size). */
    image?: Buffer;
  } = {},
) {
  let mode: FakeOpenAiMode = opts.mode ?? "ok";
  let delayMs = opts.delayMs ?? 0;
  /** While set, answers wait for it (a burst: every request held is answered at one moment). */
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const apiKey = opts.apiKey ?? "sk-test-openai-123";
  const record = opts.recordCalls ?? true;
  const calls: OpenAiCall[] = [];
  const stats = { requests: 0, answered: 0, aborted: 0, inFlight: 0, maxInFlight: 0 };
  const pngs = new Map<string, string>();
  let fixed = opts.image?.toString("base64");
  /** The images the next successes return, in order (then `fixed`, or a flat PNG). */
  const next: string[] = [];
  async function b64For(size: string): Promise<string> {
    const queued = next.shift();
    if (queued) return queued;
    if (fixed) return fixed;
    const [w, h] = (size === "auto" ? "1024x1024" : size).split("x").map(Number) as [
      number,
      number,
    ];
    let b64 = pngs.get(size);
    if (!b64) {
      b64 = (
        await sharp({ create: { width: w, height: h, channels: 3, background: "#2f7d6d" } })
          .png()
          .toBuffer()
      ).toString("base64");
      pngs.set(size, b64);
    }
    return b64;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let done = false;
    res.on("close", () => {
      stats.inFlight -= 1;
      if (!done) stats.aborted += 1;
    });
    const send = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
      done = true;
      stats.answered += 1;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(obj));
    };
    const error = (
      status: number,
      message: string,
      type: string,
      code: string | null,
      headers: Record<string, string> = {},
      param: string | null = null,
    ) => send(status, { error: { message, type, param, code } }, headers);

    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const call: OpenAiCall = {
          method: req.method ?? "",
          path: url.pathname,
          auth: req.headers.authorization,
          contentType: req.headers["content-type"],
          fields: {},
          files: {},
        };
        if (record) calls.push(call);
        // The models list (what the admin's Test asks): 200 with a list for a good key.
        if (req.method === "GET" && url.pathname === "/v1/models")
          return req.headers.authorization === `Bearer ${apiKey}`
            ? send(200, {
                object: "list",
                data: [
                  { id: "gpt-image-1", object: "model", created: 1745000000, owned_by: "system" },
                ],
              })
            : error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
        if (req.method !== "POST" || url.pathname !== "/v1/images/edits")
          return error(
            404,
            `Invalid URL (${req.method} ${url.pathname})`,
            "invalid_request_error",
            null,
          );
        if (req.headers.authorization !== `Bearer ${apiKey}` || mode === "unauthorized")
          return error(
            401,
            "Incorrect API key provided: sk-test***. You can find your API key at https://platform.openai.com/account/api-keys.",
            "invalid_request_error",
            "invalid_api_key",
          );
        if (mode === "rate_limited")
          return error(
            429,
            "Rate limit reached for gpt-image-1 on images per minute (IPM): Limit 5, Used 5. Please try again in 12s.",
            "requests",
            "rate_limit_exceeded",
            { "retry-after": "12" },
          );
        if (mode === "insufficient_quota")
          return error(
            429,
            "You exceeded your current quota, please check your plan and billing details.",
            "insufficient_quota",
            "insufficient_quota",
          );
        if (mode === "server_error")
          return error(
            500,
            "The server had an error while processing your request.",
            "server_error",
            null,
          );
        if (mode === "unavailable")
          return error(
            503,
            "The engine is currently overloaded, please try again later.",
            "server_error",
            null,
          );

        // Parse the multipart body the way the real API must.
        let form: FormData;
        try {
          form = await new Response(Buffer.concat(chunks), {
            headers: { "content-type": req.headers["content-type"] ?? "" },
          }).formData();
        } catch {
          return error(400, "Could not parse multipart form", "invalid_request_error", null);
        }
        for (const [k, v] of form.entries()) {
          if (typeof v === "string") call.fields[k] = v;
          else call.files[k] = { type: v.type, name: v.name, size: v.size };
        }
        const image = call.files["image[]"] ?? call.files.image;
        if (!image)
          return error(
            400,
            "Missing required parameter: 'image'.",
            "invalid_request_error",
            "missing_required_parameter",
            {},
            "image",
          );
        if (!["image/png", "image/jpeg", "image/webp"].includes(image.type))
          return error(
            400,
            `Invalid file 'image': unsupported mimetype ('${image.type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
            "invalid_request_error",
            "unsupported_file_mimetype",
            {},
            "image",
          );
        if (!call.fields.prompt)
          return error(
            400,
            "Missing required parameter: 'prompt'.",
            "invalid_request_error",
            "missing_required_parameter",
            {},
            "prompt",
          );
        if (!call.fields.model?.startsWith("gpt-image-"))
          // Without `model` the endpoint falls back to dall-e-2, which wants a square PNG.
          return error(
            400,
            "Invalid input image - format must be in ['RGBA', 'LA', 'L'], got RGB.",
            "invalid_request_error",
            "invalid_image_format",
            {},
            "image",
          );
        const size = call.fields.size ?? "auto";
        if (!SIZES.has(size))
          return error(
            400,
            `Invalid value: '${size}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`,
            "invalid_request_error",
            "invalid_value",
            {},
            "size",
          );
        if (mode === "moderation_blocked")
          return error(
            400,
            "Your request was rejected as a result of our safety system.",
            "image_generation_user_error",
            "moderation_blocked",
          );
        if (mode === "slow") return; // never answers: the client must give up
        if (delayMs > 0) {
          await new Promise((r) => setTimeout(r, delayMs));
          if (res.destroyed) return;
        }
        if (held) {
          await held.promise;
          if (res.destroyed) return;
        }
        if (mode === "no_image")
          return send(200, { created: Math.floor(Date.now() / 1000), data: [] });
        send(200, {
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: await b64For(size) }],
          usage: {
            total_tokens: 100,
            input_tokens: 50,
            output_tokens: 50,
            input_tokens_details: { text_tokens: 10, image_tokens: 40 },
          },
        });
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    apiKey,
    calls,
    stats,
    setMode(m: FakeOpenAiMode) {
      mode = m;
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** The next successes answer these images, in order; `image` then answers every other one. */
    answer(images: Buffer[], image?: Buffer) {
      next.splice(0, next.length, ...images.map((b) => b.toString("base64")));
      fixed = image?.toString("base64");
    },
    /** Answers wait from now on, until `release` answers every waiting request at once. */
    hold() {
      let release = () => {};
      const promise = new Promise<void>((r) => (release = r));
      held = { promise, release };
    },
    release() {
      held?.release();
      held = null;
    },
    close,
  };
}
