import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeReplicate } from "../../../../test/fake-replicate";
import { failure, generateRequest } from "../../../../test/provider-requests";
import { createReplicateProvider } from "./replicate.provider";

let fake: Awaited<ReturnType<typeof startFakeReplicate>>;
beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());

const VERSION = "a".repeat(64);
const provider = (over: Partial<Parameters<typeof createReplicateProvider>[0]> = {}) =>
  createReplicateProvider({
    token: "test-token-123",
    endpoint: fake.endpoint,
    version: VERSION,
    model: "zsxkib/instant-id",
    pollIntervalMs: 20,
    ...over,
  });

const req = () => generateRequest();

describe("Replicate client against a local fake of its API", () => {
  it("creates a prediction with the pinned version, polls it and downloads the output", async () => {
    fake.setMode("ok");
    const out = await provider().generate(await req());
    expect((await sharp(out.image).metadata()).width).toBe(640);
    const create = fake.calls.find((c) => c.method === "POST" && c.path === "/v1/predictions")!;
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
      fake.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/predictions/")).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("treats 401 as permanent", async () => {
    fake.setMode("unauthorized");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("401");
  });

  it("treats 429 as transient and carries Retry-After", async () => {
    fake.setMode("rate_limited");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(7);
  });

  it("treats 5xx as transient", async () => {
    fake.setMode("server_error");
    expect((await failure(provider().generate(await req()))).kind).toBe("transient");
  });

  it("treats a failed prediction as permanent, with the model's reason", async () => {
    fake.setMode("model_failed");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toContain("No face detected");
  });

  it("cancels a prediction that runs past the timeout", async () => {
    fake.setMode("slow");
    const e = await failure(provider({ timeoutMs: 300 }).generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.message).toMatch(/timed out/);
    expect([...fake.predictions.values()].some((p) => p.canceled)).toBe(true);
  });

  it("refuses to run without a pinned version", async () => {
    fake.setMode("ok");
    const e = await failure(provider({ version: null }).generate(await req()));
    expect(e.kind).toBe("permanent");
    await expect(provider({ version: null }).check()).rejects.toThrow(/version/);
  });

  it("reports a refused connection as transient", async () => {
    const e = await failure(provider({ endpoint: "http://127.0.0.1:9" }).generate(await req()));
    expect(e.kind).toBe("transient");
  });
});
