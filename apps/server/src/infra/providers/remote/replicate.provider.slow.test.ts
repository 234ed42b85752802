import { getEventListeners } from "node:events";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { startFakeReplicate } from "../../../../test/fake-replicate";
import {
  failure,
  fakeApiForFile,
  generateRequest,
  itHandlesTransportFailures,
} from "../../../../test/provider-requests";
import { kanvasRequest, referenceImages } from "./kanvas-test-request";
import {
  createReplicateKanvasProvider,
  createReplicateProvider,
  FLUX_DEV_MODEL,
  FLUX_DEV_VERSION,
} from "./replicate.provider";

const api = fakeApiForFile(startFakeReplicate);

const VERSION = "a".repeat(64);
const provider = api.client(createReplicateProvider, () => ({
  token: "test-token-123",
  version: VERSION,
  model: "zsxkib/instant-id",
  pollIntervalMs: 20,
}));

const req = () => generateRequest();

describe("Replicate client against a local fake of its API", () => {
  it("creates a prediction with the pinned version, polls it and downloads the output", async () => {
    api.fake.setMode("ok");
    const out = await provider().generate(await req());
    expect((await sharp(out.image).metadata()).width).toBe(640);
    const create = api.fake.calls.find((c) => c.method === "POST" && c.path === "/v1/predictions")!;
    expect(create.auth).toBe("Bearer test-token-123");
    const body = create.body as { version: string; input: Record<string, unknown> };
    expect(body.version).toBe(VERSION);
    expect(body.input).toMatchObject({
      prompt: "anime portrait of the person in the photo",
      seed: 42,
      num_inference_steps: 25,
    });
    expect(String(body.input.image)).toMatch(/^data:image\/jpeg;base64,/);
    expect(
      api.fake.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/predictions/"))
        .length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("treats 401 as permanent", async () => {
    api.fake.setMode("unauthorized");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
  });

  it("treats 429 as transient and carries Retry-After", async () => {
    api.fake.setMode("rate_limited");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(7);
  });

  it("treats 5xx as transient", async () => {
    api.fake.setMode("server_error");
    expect((await failure(provider().generate(await req()))).kind).toBe("transient");
  });

  it("treats a failed prediction as permanent, with the model's reason", async () => {
    api.fake.setMode("model_failed");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("No face detected");
  });

  it("cancels a prediction that runs past the timeout", async () => {
    api.fake.setMode("slow");
    const e = await failure(provider({ timeoutMs: 300 }).generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.message).toMatch(/timed out/);
    expect([...api.fake.predictions.values()].some((p) => p.canceled)).toBe(true);
  });

  it("refuses to run without a pinned version", async () => {
    api.fake.setMode("ok");
    const e = await failure(provider({ version: null }).generate(await req()));
    expect(e.kind).toBe("permanent");
    await expect(provider({ version: null }).check()).rejects.toThrow(/version/);
  });

  itHandlesTransportFailures(api, {}, async (over) => provider(over).generate(await req()));

  it("removes its abort listener after every poll (no pile-up over a long prediction)", async () => {
    api.fake.setMode("ok");
    api.fake.setPollsToFinish(30);
    const signals: AbortSignal[] = [];
    const any = AbortSignal.any.bind(AbortSignal);
    vi.spyOn(AbortSignal, "any").mockImplementation((list) => {
      const s = any(list);
      signals.push(s);
      return s;
    });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      await provider({ pollIntervalMs: 1 }).generate(await req());
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      process.off("warning", onWarning);
      api.fake.setPollsToFinish(2);
    }
    const most = Math.max(...signals.map((s) => getEventListeners(s, "abort").length));
    expect(most).toBeLessThanOrEqual(2);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("records the prediction it starts and resumes it on the next attempt instead of paying again", async () => {
    api.fake.setMode("ok");
    api.fake.setPollsToFinish(1_000_000);
    const started: string[] = [];
    const cut = new AbortController();
    const first = provider().generate(
      await generateRequest({
        signal: cut.signal,
        providerJob: { previous: null, started: (id) => Promise.resolve(void started.push(id)) },
      }),
    );
    while (started.length === 0) await new Promise((r) => setTimeout(r, 5));
    cut.abort(new Error("the worker died"));
    await first.catch(() => undefined);
    const created = api.fake.predictions.size;
    // An attempt that gave up (not our timeout) leaves the prediction running for the next one.
    expect(api.fake.predictions.get(started[0]!)!.canceled).toBe(false);
    api.fake.setPollsToFinish(2);
    api.fake.predictions.get(started[0]!)!.polls = 0;
    const again: string[] = [];
    const out = await provider().generate(
      await generateRequest({
        providerJob: {
          previous: started[0]!,
          started: (id) => Promise.resolve(void again.push(id)),
        },
      }),
    );
    expect(out.image.length).toBeGreaterThan(0);
    expect(api.fake.predictions.size).toBe(created); // no new prediction
    expect(again).toEqual([]);
    expect(provider().resumable).toBe(true);
  });

  it("starts a new prediction when the recorded one was cancelled or is unknown", async () => {
    api.fake.setMode("ok");
    const before = api.fake.predictions.size;
    const canceled = [...api.fake.predictions.entries()].find(([, p]) => p.canceled)?.[0] ?? "p1";
    api.fake.predictions.get(canceled)!.canceled = true;
    for (const previous of [canceled, "no-such-prediction"]) {
      const started: string[] = [];
      await provider().generate(
        await generateRequest({
          providerJob: { previous, started: (id) => Promise.resolve(void started.push(id)) },
        }),
      );
      expect(started).toHaveLength(1);
      expect(started[0]).not.toBe(previous);
    }
    expect(api.fake.predictions.size).toBe(before + 2);
  });
});

describe("Replicate Kanvas client (FLUX dev) against a local fake of its API", () => {
  const kanvas = api.client(createReplicateKanvasProvider, () => ({
    token: "test-token-123",
    version: null,
    model: FLUX_DEV_MODEL,
    pollIntervalMs: 20,
  }));
  const created = (from: number) =>
    api.fake.calls
      .slice(from)
      .filter((c) => c.method === "POST" && c.path === "/v1/predictions")
      .map((c) => c.body as { version: string; input: Record<string, unknown> });

  it("text2image runs flux-dev's pinned version with prompt, ratio, seed and one JPEG", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await kanvas().generateKanvas(kanvasRequest());
    expect((await sharp(out.image).metadata()).width).toBe(640);
    expect(out).toMatchObject({ model: FLUX_DEV_MODEL, seed: 1001 });
    expect(FLUX_DEV_VERSION).toMatch(/^[0-9a-f]{64}$/);
    const [body] = created(before);
    expect(body).toEqual({
      version: FLUX_DEV_VERSION,
      input: {
        prompt: "a lighthouse on a cliff at dusk, oil painting",
        aspect_ratio: "16:9",
        seed: 1001,
        output_format: "jpg",
        num_outputs: 1,
      },
    });
    const create = api.fake.calls.slice(before).find((c) => c.path === "/v1/predictions")!;
    expect(create.auth).toBe("Bearer test-token-123");
  });

  it("image2image sends the first reference as a data URL with prompt_strength, on the configured version", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const images = await referenceImages();
    await kanvas({ version: VERSION, promptStrength: 0.65 }).generateKanvas(
      kanvasRequest({ mode: "image2image", images, aspectRatio: "9:16", seed: 77 }),
    );
    const first = Buffer.from(await images[0]!.arrayBuffer()).toString("base64");
    expect(created(before)).toEqual([
      {
        version: VERSION,
        input: {
          prompt: "a lighthouse on a cliff at dusk, oil painting",
          aspect_ratio: "9:16",
          seed: 77,
          output_format: "jpg",
          num_outputs: 1,
          image: `data:image/jpeg;base64,${first}`,
          prompt_strength: 0.65,
        },
      },
    ]);
  });

  it("image2image without a reference image is refused before any request", async () => {
    const before = api.fake.calls.length;
    const e = await failure(kanvas().generateKanvas(kanvasRequest({ mode: "image2image" })));
    expect(e.kind).toBe("permanent");
    expect(api.fake.calls.length).toBe(before);
  });

  it("treats 429 as transient with Retry-After, and 5xx as transient", async () => {
    api.fake.setMode("rate_limited");
    const limited = await failure(kanvas().generateKanvas(kanvasRequest()));
    expect([limited.kind, limited.retryAfterSeconds]).toEqual(["transient", 7]);
    api.fake.setMode("server_error");
    expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind).toBe("transient");
  });

  it("treats 401 and a failed prediction as permanent", async () => {
    api.fake.setMode("unauthorized");
    const e = await failure(kanvas().generateKanvas(kanvasRequest()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
    api.fake.setMode("model_failed");
    expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind).toBe("permanent");
  });

  it("cancels a prediction that runs past the timeout", async () => {
    api.fake.setMode("slow");
    const before = api.fake.predictions.size;
    const e = await failure(kanvas({ timeoutMs: 300 }).generateKanvas(kanvasRequest()));
    expect(e.kind).toBe("transient");
    expect(e.message).toMatch(/timed out/);
    const mine = [...api.fake.predictions.values()].slice(before);
    expect(mine.map((p) => p.canceled)).toEqual([true]);
  });

  it("resumes the prediction an earlier attempt recorded instead of starting another", async () => {
    api.fake.setMode("ok");
    const started: string[] = [];
    await kanvas().generateKanvas(
      kanvasRequest({
        providerJob: { previous: null, started: (id) => Promise.resolve(void started.push(id)) },
      }),
    );
    expect(started).toHaveLength(1);
    const count = api.fake.predictions.size;
    const again: string[] = [];
    const out = await kanvas().generateKanvas(
      kanvasRequest({
        providerJob: {
          previous: started[0]!,
          started: (id) => Promise.resolve(void again.push(id)),
        },
      }),
    );
    expect(out.image.length).toBeGreaterThan(0);
    expect(api.fake.predictions.size).toBe(count);
    expect(again).toEqual([]);
    expect(kanvas().resumable).toBe(true);
  });

  it("another model without a pinned version is refused, by generate and by check()", async () => {
    const other = kanvas({ model: "black-forest-labs/flux-schnell" });
    const before = api.fake.calls.length;
    const e = await failure(other.generateKanvas(kanvasRequest()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/version/);
    expect(api.fake.calls.length).toBe(before);
    await expect(other.check()).rejects.toThrow(/version/);
    await expect(kanvas().check()).resolves.toBeUndefined();
    await expect(kanvas({ token: "" }).check()).rejects.toThrow(/REPLICATE_API_TOKEN/);
  });
});
