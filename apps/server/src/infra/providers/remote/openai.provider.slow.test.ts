import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeOpenAi } from "../../../../test/fake-openai";
import { listenLocally } from "../../../../test/fake-server";
import {
  devGuard,
  failure,
  fakeApiForFile,
  generateRequest,
  describeRegistryWiring,
  itHandlesTransportFailures,
} from "../../../../test/provider-requests";
import { DEFAULT_ANSWERS_AT_ONCE, providerAnswers } from "../answer-slots";
import type { GenerateRequest } from "../provider";
import { kanvasRequest, referenceImages } from "./kanvas-test-request";
import { createOpenAiKanvasProvider, createOpenAiProvider, openAiSizeFor } from "./openai.provider";

const api = fakeApiForFile(startFakeOpenAi);

const provider = api.client(createOpenAiProvider, (fake) => ({
  apiKey: fake.apiKey,
  model: "gpt-image-1",
}));

const req = (over: Partial<GenerateRequest> = {}) => generateRequest({ ...over });

describe("OpenAI gpt-image-1 client against a local fake of its API", () => {
  it("sends the photo as image[] with model, prompt, size and n, and decodes b64_json", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const r = await req({ aspectRatio: "3:4" });
    const out = await provider({ quality: "medium" }).generate(r);
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1024, 1536]);
    expect(out).toMatchObject({ model: "gpt-image-1", seed: 42 });
    const call = api.fake.calls[before]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/v1/images/edits");
    expect(call.auth).toBe(`Bearer ${api.fake.apiKey}`);
    expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.fields).toMatchObject({
      model: "gpt-image-1",
      size: "1024x1536",
      n: "1",
      quality: "medium",
    });
    expect(call.fields.prompt).toContain("anime portrait of the person in the photo");
    expect(call.fields.prompt).toContain("Avoid: blurry");
    expect(call.files["image[]"]).toEqual({
      type: "image/jpeg",
      name: "subject.jpg",
      size: (r.image as Buffer).length,
    });
  });

  it("streams a file-backed subject (the stored crop) as the image part", async () => {
    api.fake.setMode("ok");
    const dir = await mkdtemp(path.join(tmpdir(), "rupa-openai-subject-"));
    const file = path.join(dir, "crop.jpg");
    const bytes = (await req()).image as Buffer;
    await writeFile(file, bytes);
    const before = api.fake.calls.length;
    const out = await provider().generate(await req({ image: await openAsBlob(file) }));
    expect(out.image.length).toBeGreaterThan(0);
    expect(api.fake.calls[before]!.files["image[]"]).toEqual({
      type: "image/jpeg",
      name: "subject.jpg",
      size: bytes.length,
    });
    await rm(dir, { recursive: true, force: true });
  });

  it("sends the configured model name (another gpt-image model) as given", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await provider({ model: "gpt-image-1-mini" }).generate(await req());
    expect(api.fake.calls[before]!.fields.model).toBe("gpt-image-1-mini");
    expect(out.model).toBe("gpt-image-1-mini");
  });

  it("treats a 400 invalid request as permanent, with the API's code", async () => {
    api.fake.setMode("ok");
    const e = await failure(provider({ model: "dall-e-2" }).generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/400: invalid_image_format/);
  });

  it("picks the nearest supported size for an aspect ratio", () => {
    expect(openAiSizeFor("1:1")).toBe("1024x1024");
    expect(openAiSizeFor("5:6")).toBe("1024x1024");
    expect(openAiSizeFor("4:5")).toBe("1024x1536");
    expect(openAiSizeFor("2:3")).toBe("1024x1536");
    expect(openAiSizeFor("9:16")).toBe("1024x1536");
    expect(openAiSizeFor("16:9")).toBe("1536x1024");
    expect(openAiSizeFor("nonsense")).toBe("1024x1024");
  });

  it("treats 401 as permanent, with OpenAI's message", async () => {
    api.fake.setMode("unauthorized");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
    expect(e.message).toContain("invalid_api_key");
  });

  it("sends a wrong key and gets 401 too", async () => {
    api.fake.setMode("ok");
    const e = await failure(provider({ apiKey: "sk-wrong-key-000" }).generate(await req()));
    expect(e.kind).toBe("permanent");
  });

  it("treats 429 rate limits as transient and carries Retry-After", async () => {
    api.fake.setMode("rate_limited");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(12);
    expect(e.message).toContain("rate_limit_exceeded");
  });

  it("treats 429 insufficient_quota as permanent (billing, not load)", async () => {
    api.fake.setMode("insufficient_quota");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("insufficient_quota");
  });

  it("treats a moderation refusal as permanent", async () => {
    api.fake.setMode("moderation_blocked");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/content policy/);
  });

  it("treats 500 and 503 as transient", async () => {
    for (const mode of ["server_error", "unavailable"] as const) {
      api.fake.setMode(mode);
      const e = await failure(provider().generate(await req()));
      expect(e.kind, mode).toBe("transient");
    }
  });

  it("treats a 200 without an image as permanent", async () => {
    api.fake.setMode("no_image");
    expect((await failure(provider().generate(await req()))).kind).toBe("permanent");
  });

  itHandlesTransportFailures(api, { slow: "slow", hangs: "slow" }, async (over, signal) =>
    provider(over).generate(await req({ signal })),
  );

  it("check() names the missing key", async () => {
    await expect(provider({ apiKey: "" }).check()).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(provider().check()).resolves.toBeUndefined();
  });
});

describeRegistryWiring(api, {
  apiProvider: "openai",
  keyVar: "OPENAI_API_KEY",
  key: (fake) => fake.apiKey,
  model: "gpt-image-1",
  async generates(p) {
    const out = await p.generate(await req());
    expect(out.image.length).toBeGreaterThan(0);
  },
});

type GenerationsMode = "ok" | "rate_limited" | "server_error" | "moderation_blocked" | "slow";

/**
 * A local stand-in for `POST /v1/images/generations` (test/fake-openai.ts serves only the edits
 * endpoint): JSON `{ model, prompt, size, n, quality }` in, `{ created, data: [{ b64_json }] }`
 * out, errors as `{ error: { message, type, param, code } }`. `slow` never answers.
 */
async function startFakeGenerations(apiKey: string) {
  let mode: GenerationsMode = "ok";
  const calls: { path: string; auth?: string; contentType?: string; body: unknown }[] = [];
  const stats = { aborted: 0 };
  const png = (
    await sharp({ create: { width: 1536, height: 1024, channels: 3, background: "#e9c46a" } })
      .png()
      .toBuffer()
  ).toString("base64");
  const server = http.createServer((req, res) => {
    let raw = "";
    let done = false;
    res.on("close", () => {
      if (!done) stats.aborted += 1;
    });
    const send = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
      done = true;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(obj));
    };
    const error = (status: number, type: string, code: string | null, message: string) =>
      send(
        status,
        { error: { message, type, param: null, code } },
        status === 429 ? { "retry-after": "12" } : {},
      );
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      calls.push({
        path: url.pathname,
        auth: req.headers.authorization,
        contentType: req.headers["content-type"],
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      });
      if (req.method !== "POST" || url.pathname !== "/v1/images/generations")
        return error(404, "invalid_request_error", null, `Invalid URL (${url.pathname})`);
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return error(401, "invalid_request_error", "invalid_api_key", "Incorrect API key");
      if (mode === "rate_limited")
        return error(429, "requests", "rate_limit_exceeded", "Rate limit reached for images");
      if (mode === "server_error")
        return error(500, "server_error", null, "The server had an error");
      if (mode === "moderation_blocked")
        return error(
          400,
          "image_generation_user_error",
          "moderation_blocked",
          "Your request was rejected as a result of our safety system.",
        );
      if (mode === "slow") return;
      send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png }] });
    });
  });
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    calls,
    stats,
    setMode(m: GenerationsMode) {
      mode = m;
    },
    close,
  };
}

describe("OpenAI Kanvas client against local fakes of the Images API", () => {
  let gen: Awaited<ReturnType<typeof startFakeGenerations>>;
  beforeAll(async () => {
    gen = await startFakeGenerations(api.fake.apiKey);
  });
  afterAll(() => gen.close());

  const kanvas = api.client(createOpenAiKanvasProvider, (fake) => ({
    apiKey: fake.apiKey,
    endpoint: gen.endpoint,
    model: "gpt-image-1",
  }));
  /** The edits endpoint is test/fake-openai.ts. */
  const edits = (over: Partial<Parameters<typeof createOpenAiKanvasProvider>[0]> = {}) =>
    kanvas({ endpoint: api.fake.endpoint, ...over });
  const image2image = async () =>
    kanvasRequest({ mode: "image2image", images: await referenceImages() });

  it("text2image posts JSON to /v1/images/generations with the ratio's size and decodes b64_json", async () => {
    gen.setMode("ok");
    const before = gen.calls.length;
    const out = await kanvas({ quality: "high" }).generateKanvas(kanvasRequest());
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1536, 1024]);
    expect(out).toEqual({ image: out.image, model: "gpt-image-1", seed: 1001 });
    const call = gen.calls[before]!;
    expect(call.path).toBe("/v1/images/generations");
    expect(call.auth).toBe(`Bearer ${api.fake.apiKey}`);
    expect(call.contentType).toBe("application/json");
    expect(call.body).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse on a cliff at dusk, oil painting\n\nAvoid: blurry, text",
      size: "1536x1024",
      n: 1,
      quality: "high",
    });
  });

  it("text2image sends the portrait size for 9:16, no quality when unset, no Avoid without a negative prompt", async () => {
    gen.setMode("ok");
    const before = gen.calls.length;
    await kanvas().generateKanvas(kanvasRequest({ aspectRatio: "9:16", negativePrompt: "" }));
    expect(gen.calls[before]!.body).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse on a cliff at dusk, oil painting",
      size: "1024x1536",
      n: 1,
    });
  });

  it("image2image sends every reference as image[] to /v1/images/edits", async () => {
    api.fake.setMode("ok");
    const sent: FormData[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (init?.body instanceof FormData) sent.push(init.body);
      return realFetch(input, init);
    });
    const before = api.fake.calls.length;
    const req = await image2image();
    const out = await edits({ quality: "low" }).generateKanvas({ ...req, aspectRatio: "1:1" });
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
    expect(out).toMatchObject({ model: "gpt-image-1", seed: 1001 });
    const call = api.fake.calls[before]!;
    expect(call).toMatchObject({
      path: "/v1/images/edits",
      auth: `Bearer ${api.fake.apiKey}`,
      fields: { model: "gpt-image-1", size: "1024x1024", n: "1", quality: "low" },
    });
    expect(call.fields.prompt).toContain("Avoid: blurry, text");
    const parts = sent[0]!.getAll("image[]") as File[];
    expect(parts.map((f) => [f.name, f.type, f.size])).toEqual(
      req.images.map((b, i) => [`reference-${i + 1}.jpg`, "image/jpeg", b.size]),
    );
  });

  it("image2image without a reference image is refused before any request", async () => {
    const before = api.fake.calls.length;
    const e = await failure(edits().generateKanvas(kanvasRequest({ mode: "image2image" })));
    expect(e.kind).toBe("permanent");
    expect(api.fake.calls.length).toBe(before);
  });

  it("treats 429 as transient with Retry-After, on both endpoints", async () => {
    gen.setMode("rate_limited");
    api.fake.setMode("rate_limited");
    for (const [p, r] of [
      [kanvas(), kanvasRequest()],
      [edits(), await image2image()],
    ] as const) {
      const e = await failure(p.generateKanvas(r));
      expect(e.kind).toBe("transient");
      expect(e.retryAfterSeconds).toBe(12);
      expect(e.message).toContain("rate_limit_exceeded");
    }
  });

  it("treats 5xx as transient, on both endpoints", async () => {
    gen.setMode("server_error");
    api.fake.setMode("unavailable");
    expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind).toBe("transient");
    expect((await failure(edits().generateKanvas(await image2image()))).kind).toBe("transient");
  });

  it("treats a moderation refusal, insufficient quota and a bad key as permanent", async () => {
    gen.setMode("moderation_blocked");
    const refused = await failure(kanvas().generateKanvas(kanvasRequest()));
    expect(refused.kind).toBe("permanent");
    expect(refused.message).toMatch(/content policy/);
    api.fake.setMode("insufficient_quota");
    expect((await failure(edits().generateKanvas(await image2image()))).kind).toBe("permanent");
    gen.setMode("ok");
    const e = await failure(kanvas({ apiKey: "sk-wrong" }).generateKanvas(kanvasRequest()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
  });

  it("times out a slow answer and aborts the request, on both endpoints", async () => {
    gen.setMode("slow");
    api.fake.setMode("slow");
    const aborted = [gen.stats.aborted, api.fake.stats.aborted] as const;
    const started = Date.now();
    for (const [p, r] of [
      [kanvas({ timeoutMs: 300 }), kanvasRequest()],
      [edits({ timeoutMs: 300 }), await image2image()],
    ] as const) {
      const e = await failure(p.generateKanvas(r));
      expect(e.kind).toBe("transient");
      expect(e.message).toMatch(/timed out/);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => gen.stats.aborted).toBeGreaterThan(aborted[0]);
    await expect.poll(() => api.fake.stats.aborted).toBeGreaterThan(aborted[1]);
  });

  it("check() names the missing key", async () => {
    await expect(kanvas({ apiKey: "" }).check()).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(kanvas().check()).resolves.toBeUndefined();
  });

  it("takes a burst of answers in a few at a time (PROVIDER_ANSWERS_AT_ONCE)", async () => {
    // Answers of 3 MB each, held and then sent together: their reads would overlap.
    const burst = await startFakeOpenAi({ image: randomBytes(3_000_000), recordCalls: false });
    providerAnswers.resize(2);
    try {
      burst.hold();
      const client = createOpenAiProvider({
        apiKey: burst.apiKey,
        guard: devGuard,
        endpoint: burst.endpoint,
        model: "gpt-image-1",
      });
      const all = Promise.all(Array.from({ length: 8 }, async () => client.generate(await req())));
      await vi.waitFor(() => expect(burst.stats.inFlight).toBe(8));
      burst.release();
      const outs = await all;
      expect(outs.map((o) => o.image.length)).toEqual(Array(8).fill(3_000_000));
      expect(providerAnswers.peak).toBe(2);
    } finally {
      burst.release();
      providerAnswers.resize(DEFAULT_ANSWERS_AT_ONCE);
      await burst.close();
    }
  });
});
