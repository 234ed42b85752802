import { openAsBlob } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../../../test/fake-openai";
import { failure, generateRequest, registryWith } from "../../../../test/provider-requests";
import type { GenerateRequest } from "../provider";
import { createOpenAiProvider, openAiSizeFor } from "./openai.provider";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const provider = (over: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
  createOpenAiProvider({
    apiKey: fake.apiKey,
    endpoint: fake.endpoint,
    model: "gpt-image-1",
    ...over,
  });

const req = (over: Partial<GenerateRequest> = {}) => generateRequest({ ...over });

describe("OpenAI gpt-image-1 client against a local fake of its API", () => {
  it("sends the photo as image[] with model, prompt, size and n, and decodes b64_json", async () => {
    fake.setMode("ok");
    const before = fake.calls.length;
    const r = await req({ aspectRatio: "3:4" });
    const out = await provider({ quality: "medium" }).generate(r);
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1024, 1536]);
    expect(out).toMatchObject({ model: "gpt-image-1", seed: 42 });
    const call = fake.calls[before]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/v1/images/edits");
    expect(call.auth).toBe(`Bearer ${fake.apiKey}`);
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
    fake.setMode("ok");
    const dir = await mkdtemp(path.join(tmpdir(), "rupa-openai-subject-"));
    const file = path.join(dir, "crop.jpg");
    const bytes = (await req()).image as Buffer;
    await writeFile(file, bytes);
    const before = fake.calls.length;
    const out = await provider().generate(await req({ image: await openAsBlob(file) }));
    expect(out.image.length).toBeGreaterThan(0);
    expect(fake.calls[before]!.files["image[]"]).toEqual({
      type: "image/jpeg",
      name: "subject.jpg",
      size: bytes.length,
    });
    await rm(dir, { recursive: true, force: true });
  });

  it("sends the configured model name (another gpt-image model) as given", async () => {
    fake.setMode("ok");
    const before = fake.calls.length;
    const out = await provider({ model: "gpt-image-1-mini" }).generate(await req());
    expect(fake.calls[before]!.fields.model).toBe("gpt-image-1-mini");
    expect(out.model).toBe("gpt-image-1-mini");
  });

  it("treats a 400 invalid request as permanent, with the API's code", async () => {
    fake.setMode("ok");
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
    fake.setMode("unauthorized");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
    expect(e.message).toContain("invalid_api_key");
  });

  it("sends a wrong key and gets 401 too", async () => {
    fake.setMode("ok");
    const e = await failure(provider({ apiKey: "sk-wrong-key-000" }).generate(await req()));
    expect(e.kind).toBe("permanent");
  });

  it("treats 429 rate limits as transient and carries Retry-After", async () => {
    fake.setMode("rate_limited");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(12);
    expect(e.message).toContain("rate_limit_exceeded");
  });

  it("treats 429 insufficient_quota as permanent (billing, not load)", async () => {
    fake.setMode("insufficient_quota");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("insufficient_quota");
  });

  it("treats a moderation refusal as permanent", async () => {
    fake.setMode("moderation_blocked");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/content policy/);
  });

  it("treats 500 and 503 as transient", async () => {
    for (const mode of ["server_error", "unavailable"] as const) {
      fake.setMode(mode);
      const e = await failure(provider().generate(await req()));
      expect(e.kind, mode).toBe("transient");
    }
  });

  it("treats a 200 without an image as permanent", async () => {
    fake.setMode("no_image");
    expect((await failure(provider().generate(await req()))).kind).toBe("permanent");
  });

  it("times out a slow answer, aborts the request and reports it as transient", async () => {
    fake.setMode("slow");
    const aborted = fake.stats.aborted;
    const started = Date.now();
    const e = await failure(provider({ timeoutMs: 300 }).generate(await req()));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(e.kind).toBe("transient");
    expect(e.message).toMatch(/timed out/);
    await expect.poll(() => fake.stats.aborted).toBeGreaterThan(aborted);
  });

  it("stops when the job's own signal is aborted", async () => {
    fake.setMode("slow");
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(new Error("job timeout")), 100);
    const e = await failure(provider().generate(await req({ signal: ctl.signal })));
    expect(e.kind).toBe("transient");
    expect(e.message).toMatch(/cancelled/);
  });

  it("reports a refused connection as transient", async () => {
    const e = await failure(provider({ endpoint: "http://127.0.0.1:9" }).generate(await req()));
    expect(e.kind).toBe("transient");
  });

  it("check() names the missing key", async () => {
    await expect(provider({ apiKey: "" }).check()).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(provider().check()).resolves.toBeUndefined();
  });
});

describe("registry wiring for openai", () => {
  it("builds the OpenAI client from the active config when OPENAI_API_KEY is set", async () => {
    fake.setMode("ok");
    const row = { apiProvider: "openai", apiEndpoint: fake.endpoint, modelName: "" };
    const p = await registryWith(row, { OPENAI_API_KEY: fake.apiKey }).forService(
      "avatar_generation",
    );
    expect([p.name, p.model]).toEqual(["openai", "gpt-image-1"]);
    const out = await p.generate(await req());
    expect(out.image.length).toBeGreaterThan(0);
  });

  it("falls back to the local renderer without the key", async () => {
    const p = await registryWith({ apiProvider: "openai" }, {}).forService("avatar_generation");
    expect(p.name).toBe("local");
  });
});
