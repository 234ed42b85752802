import http from "node:http";
import sharp from "sharp";
import { listenLocally } from "./fake-server";

export type FakeHfMode =
  | "ok"
  | "jpeg"
  | "unauthorized"
  | "rate_limited"
  | "loading"
  | "server_error"
  | "bad_request"
  | "not_found"
  | "slow";

export interface HfCall {
  method: string;
  path: string;
  auth?: string;
  contentType?: string;
  body?: unknown;
}

/**
 * A local stand-in for the Hugging Face router's HF Inference text-to-image route
 * (`POST /hf-inference/models/{owner}/{model}`): JSON `{ inputs, parameters }` in, the image
 * bytes out (image/png or image/jpeg). Errors are `{ "error": "..." }`: 400 for bad input,
 * 401 for a bad token, 404 for an unknown model, 429 with Retry-After, 500, and 503 with
 * `estimated_time` while the model is loading. `slow` never answers.
 */
export async function startFakeHuggingFace(
  opts: { mode?: FakeHfMode; token?: string; delayMs?: number } = {},
) {
  let mode: FakeHfMode = opts.mode ?? "ok";
  let delayMs = opts.delayMs ?? 0;
  const token = opts.token ?? "hf_test_token_123";
  const calls: HfCall[] = [];
  const stats = { aborted: 0 };
  const images = new Map<string, Buffer>();
  async function imageFor(w: number, h: number, format: "png" | "jpeg"): Promise<Buffer> {
    const key = `${w}x${h}.${format}`;
    let img = images.get(key);
    if (!img) {
      const s = sharp({ create: { width: w, height: h, channels: 3, background: "#b5562f" } });
      img = await (format === "png" ? s.png() : s.jpeg()).toBuffer();
      images.set(key, img);
    }
    return img;
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    let done = false;
    res.on("close", () => {
      if (!done) stats.aborted += 1;
    });
    const json = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
      done = true;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(obj));
    };
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://fake");
        let body: unknown;
        try {
          body = raw ? (JSON.parse(raw) as unknown) : undefined;
        } catch {
          return json(400, { error: "Invalid JSON in request body" });
        }
        calls.push({
          method: req.method ?? "",
          path: url.pathname,
          auth: req.headers.authorization,
          contentType: req.headers["content-type"],
          body,
        });
        const m = /^\/hf-inference\/models\/([^/]+\/[^/]+)$/.exec(url.pathname);
        if (req.method !== "POST" || !m) return json(404, { error: "Not Found" });
        if (req.headers.authorization !== `Bearer ${token}` || mode === "unauthorized")
          return json(401, { error: "Invalid credentials in Authorization header" });
        if (mode === "not_found")
          return json(404, { error: `Model ${decodeURIComponent(m[1]!)} does not exist` });
        if (mode === "rate_limited")
          return json(
            429,
            { error: "Rate limit reached. You reached free usage limit (reset hourly)." },
            { "retry-after": "30" },
          );
        if (mode === "loading")
          return json(503, {
            error: `Model ${decodeURIComponent(m[1]!)} is currently loading`,
            estimated_time: 20.3,
          });
        if (mode === "server_error") return json(500, { error: "Internal Server Error" });
        const b = body as { inputs?: unknown; parameters?: Record<string, unknown> } | undefined;
        if (mode === "bad_request" || typeof b?.inputs !== "string" || !b.inputs)
          return json(400, {
            error: "Input validation error: `inputs` must be a non-empty string",
          });
        if (mode === "slow") return;
        if (delayMs > 0) {
          await new Promise((r) => setTimeout(r, delayMs));
          if (res.destroyed) return;
        }
        const w = Number(b.parameters?.width ?? 1024);
        const h = Number(b.parameters?.height ?? 1024);
        const format = mode === "jpeg" ? "jpeg" : "png";
        const img = await imageFor(w, h, format);
        done = true;
        res.writeHead(200, { "content-type": `image/${format}`, "content-length": img.length });
        res.end(img);
      })();
    });
  });
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    token,
    calls,
    stats,
    setMode(m: FakeHfMode) {
      mode = m;
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    close,
  };
}
