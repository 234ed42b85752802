import { getEventListeners } from "node:events";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

  it("removes its abort listener after every poll (no pile-up over a long prediction)", async () => {
    fake.setMode("ok");
    fake.setPollsToFinish(30);
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
      fake.setPollsToFinish(2);
    }
    const most = Math.max(...signals.map((s) => getEventListeners(s, "abort").length));
    expect(most).toBeLessThanOrEqual(2);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("records the prediction it starts and resumes it on the next attempt instead of paying again", async () => {
    fake.setMode("ok");
    fake.setPollsToFinish(1_000_000);
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
    const created = fake.predictions.size;
    // An attempt that gave up (not our timeout) leaves the prediction running for the next one.
    expect(fake.predictions.get(started[0]!)!.canceled).toBe(false);
    fake.setPollsToFinish(2);
    fake.predictions.get(started[0]!)!.polls = 0;
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
    expect(fake.predictions.size).toBe(created); // no new prediction
    expect(again).toEqual([]);
    expect(provider().resumable).toBe(true);
  });

  it("starts a new prediction when the recorded one was cancelled or is unknown", async () => {
    fake.setMode("ok");
    const before = fake.predictions.size;
    const canceled = [...fake.predictions.entries()].find(([, p]) => p.canceled)?.[0] ?? "p1";
    fake.predictions.get(canceled)!.canceled = true;
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
    expect(fake.predictions.size).toBe(before + 2);
  });
});
