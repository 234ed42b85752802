import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startFakeHuggingFace } from "../../../../test/fake-huggingface";
import {
  failure,
  fakeApiForFile,
  generateRequest,
  describeRegistryWiring,
  expectCutShort,
  itHandlesTransportFailures,
} from "../../../../test/provider-requests";
import type { GenerateRequest } from "../provider";
import {
  createHuggingFaceKanvasProvider,
  createHuggingFaceProvider,
  HF_DEFAULT_MODEL,
} from "./huggingface.provider";
import { kanvasRequest, referenceImages } from "./kanvas-test-request";

const api = fakeApiForFile(startFakeHuggingFace);

const provider = api.client(createHuggingFaceProvider, (fake) => ({
  token: fake.token,
  model: HF_DEFAULT_MODEL,
}));

const req = (over: Partial<GenerateRequest> = {}) =>
  generateRequest({
    prompt: "nostalgic 1970s studio portrait, film grain",
    negativePrompt: "blurry, deformed",
    guidanceScale: 6.5,
    steps: 30,
    seed: 1234,
    image: Buffer.from("unused by text-to-image"),
    ...over,
  });

describe("Hugging Face text-to-image client against a local fake of the router", () => {
  it("posts inputs and parameters to the model's route and returns the image bytes", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await provider().generate(await req({ aspectRatio: "3:4" }));
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 768, 1024]);
    expect(out).toMatchObject({ model: HF_DEFAULT_MODEL, seed: 1234 });
    const call = api.fake.calls[before]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/hf-inference/models/stabilityai/stable-diffusion-xl-base-1.0");
    expect(call.auth).toBe(`Bearer ${api.fake.token}`);
    expect(call.contentType).toBe("application/json");
    expect(call.body).toEqual({
      inputs: "nostalgic 1970s studio portrait, film grain",
      parameters: {
        negative_prompt: "blurry, deformed",
        guidance_scale: 6.5,
        num_inference_steps: 30,
        width: 768,
        height: 1024,
        seed: 1234,
      },
    });
  });

  it("accepts JPEG answers too", async () => {
    api.fake.setMode("jpeg");
    const out = await provider().generate(await req());
    expect((await sharp(out.image).metadata()).format).toBe("jpeg");
  });

  it("treats 401 as permanent, with the API's error text", async () => {
    api.fake.setMode("unauthorized");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401: Invalid credentials");
  });

  it("treats 400 and 404 as permanent", async () => {
    for (const mode of ["bad_request", "not_found"] as const) {
      api.fake.setMode(mode);
      expect((await failure(provider().generate(await req()))).kind, mode).toBe("permanent");
    }
  });

  it("treats 429 as transient and carries Retry-After", async () => {
    api.fake.setMode("rate_limited");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(30);
  });

  it("treats 503 'model is loading' as transient, retrying after estimated_time", async () => {
    api.fake.setMode("loading");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.message).toContain("currently loading");
    expect(e.retryAfterSeconds).toBe(21);
  });

  it("treats 500 as transient", async () => {
    api.fake.setMode("server_error");
    expect((await failure(provider().generate(await req()))).kind).toBe("transient");
  });

  itHandlesTransportFailures(api, { slow: "slow" }, async (over) =>
    provider(over).generate(await req()),
  );

  it("check() names the missing token", async () => {
    await expect(provider({ token: "" }).check()).rejects.toThrow(/HF_TOKEN/);
  });
});

describeRegistryWiring(api, {
  apiProvider: "huggingface",
  keyVar: "HF_TOKEN",
  key: (fake) => fake.token,
  row: { modelName: "black-forest-labs/FLUX.1-schnell" },
  model: "black-forest-labs/FLUX.1-schnell",
  async generates(p, fake) {
    const before = fake.calls.length;
    await p.generate(await req());
    expect(fake.calls[before]!.path).toBe("/hf-inference/models/black-forest-labs/FLUX.1-schnell");
  },
});

describe("Hugging Face Kanvas client against a local fake of the router", () => {
  const kanvas = api.client(createHuggingFaceKanvasProvider, (fake) => ({
    token: fake.token,
    model: HF_DEFAULT_MODEL,
  }));

  it("text2image posts the prompt, negative prompt, the ratio's size and the seed", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await kanvas().generateKanvas(kanvasRequest());
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1344, 768]);
    expect(out).toMatchObject({ model: HF_DEFAULT_MODEL, seed: 1001 });
    const call = api.fake.calls[before]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/hf-inference/models/stabilityai/stable-diffusion-xl-base-1.0");
    expect(call.auth).toBe(`Bearer ${api.fake.token}`);
    expect(call.body).toEqual({
      inputs: "a lighthouse on a cliff at dusk, oil painting",
      parameters: { negative_prompt: "blurry, text", width: 1344, height: 768, seed: 1001 },
    });
  });

  it("sends 1024x1024 for 1:1 and 768x1344 for 9:16, and no negative prompt when there is none", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    await kanvas().generateKanvas(kanvasRequest({ aspectRatio: "1:1", negativePrompt: "" }));
    await kanvas().generateKanvas(kanvasRequest({ aspectRatio: "9:16", seed: 5 }));
    const [square, portrait] = api.fake.calls
      .slice(before)
      .map((c) => (c.body as { parameters: unknown }).parameters);
    expect(square).toEqual({ width: 1024, height: 1024, seed: 1001 });
    expect(portrait).toEqual({
      negative_prompt: "blurry, text",
      width: 768,
      height: 1344,
      seed: 5,
    });
  });

  it("refuses image2image as permanent, without a request", async () => {
    const before = api.fake.calls.length;
    const e = await failure(
      kanvas().generateKanvas(
        kanvasRequest({ mode: "image2image", images: await referenceImages() }),
      ),
    );
    expect(e.kind).toBe("permanent");
    expect(e.message).toBe(
      "huggingface: image to image is not available for stabilityai/stable-diffusion-xl-base-1.0",
    );
    expect(api.fake.calls.length).toBe(before);
  });

  it("treats 429 as transient with Retry-After, and 500 and 503 as transient", async () => {
    api.fake.setMode("rate_limited");
    const e = await failure(kanvas().generateKanvas(kanvasRequest()));
    expect([e.kind, e.retryAfterSeconds]).toEqual(["transient", 30]);
    for (const mode of ["server_error", "loading"] as const) {
      api.fake.setMode(mode);
      expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind, mode).toBe(
        "transient",
      );
    }
  });

  it("treats 400, 401 and 404 as permanent", async () => {
    for (const mode of ["bad_request", "unauthorized", "not_found"] as const) {
      api.fake.setMode(mode);
      expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind, mode).toBe(
        "permanent",
      );
    }
  });

  it("times out a slow answer, aborts the request and reports it as transient", async () => {
    await expectCutShort(api.fake, "slow", () =>
      kanvas({ timeoutMs: 300 }).generateKanvas(kanvasRequest()),
    );
  });

  it("check() names the missing token", async () => {
    await expect(kanvas({ token: "" }).check()).rejects.toThrow(/HF_TOKEN/);
    await expect(kanvas().check()).resolves.toBeUndefined();
  });
});
