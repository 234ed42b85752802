import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startFakeKieAi } from "../../../../test/fake-kie-ai";
import {
  failure,
  fakeApiForFile,
  generateRequest,
  describeRegistryWiring,
  expectCutShort,
  itHandlesTransportFailures,
} from "../../../../test/provider-requests";
import type { GenerateRequest } from "../provider";
import { kanvasRequest, referenceImages } from "./kanvas-test-request";
import {
  createKieAiKanvasProvider,
  createKieAiProvider,
  KIE_DEFAULT_MODEL,
  KIE_KANVAS_MODEL,
} from "./kie-ai.provider";

const api = fakeApiForFile(startFakeKieAi);

const provider = api.client(createKieAiProvider, (fake) => ({
  apiKey: fake.apiKey,
  uploadEndpoint: fake.endpoint,
  model: KIE_DEFAULT_MODEL,
  pollIntervalMs: 20,
}));

const req = (over: Partial<GenerateRequest> = {}) =>
  generateRequest({
    prompt: "action figure of the person in the photo in a toy box",
    seed: 7,
    aspectRatio: "3:4",
    ...over,
  });

describe("Kie.ai client against a local fake of its API", () => {
  it("uploads the photo, creates a task with its URL, polls every state and downloads the result", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const r = await req();
    const out = await provider().generate(r);
    expect((await sharp(out.image).metadata()).width).toBe(768);
    expect(out).toMatchObject({ model: KIE_DEFAULT_MODEL, seed: 7 });

    const calls = api.fake.calls.slice(before);
    expect(calls.filter((c) => c.path !== "/files/result.png").every((c) => c.auth)).toBe(true);
    const upload = calls.find((c) => c.path === "/api/file-base64-upload")!;
    expect(upload.auth).toBe(`Bearer ${api.fake.apiKey}`);
    const uploadBody = upload.body as { base64Data: string; fileName: string };
    expect(uploadBody.base64Data).toBe(
      `data:image/jpeg;base64,${(r.image as Buffer).toString("base64")}`,
    );
    expect(api.fake.uploads.get(uploadBody.fileName)).toEqual(r.image);

    const create = calls.find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect(create.method).toBe("POST");
    expect(create.auth).toBe(`Bearer ${api.fake.apiKey}`);
    expect(create.body).toEqual({
      model: KIE_DEFAULT_MODEL,
      input: {
        prompt: "action figure of the person in the photo in a toy box",
        image_urls: [`${api.fake.endpoint}/files/${uploadBody.fileName}`],
        output_format: "png",
        image_size: "3:4",
      },
    });
    const polls = calls.filter((c) => c.path === "/api/v1/jobs/recordInfo");
    // waiting → queuing → generating → success
    expect(polls).toHaveLength(4);
    expect(polls[0]!.method).toBe("GET");
    expect(polls[0]!.query.taskId).toMatch(/^task_/);
    expect(calls.at(-1)!.path).toBe("/files/result.png");
  });

  it("sends 'auto' for an aspect ratio the model does not list, and extra input fields", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    await provider({ extraInput: { output_format: "jpeg" } }).generate(
      await req({ aspectRatio: "7:5" }),
    );
    const create = api.fake.calls.slice(before).find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect((create.body as { input: Record<string, unknown> }).input).toMatchObject({
      image_size: "auto",
      output_format: "jpeg",
    });
  });

  it("treats a failed task as permanent, with Kie's failMsg", async () => {
    api.fake.setMode("task_fails");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/task fail: 500: Content flagged/);
  });

  it("treats body code 401 (HTTP 200) and HTTP 401 as permanent", async () => {
    for (const mode of ["unauthorized", "unauthorized_http"] as const) {
      api.fake.setMode(mode);
      const e = await failure(provider().generate(await req()));
      expect(e.kind, mode).toBe("permanent");
      expect(e.message, mode).toContain("401");
    }
  });

  it("treats 402 insufficient balance as permanent", async () => {
    api.fake.setMode("insufficient_balance");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("permanent");
    expect(e.message).toMatch(/402.*insufficient/i);
  });

  it("treats 429, 455 and 500 in the body as transient", async () => {
    for (const mode of ["rate_limited", "maintenance", "server_error"] as const) {
      api.fake.setMode(mode);
      const e = await failure(provider().generate(await req()));
      expect(e.kind, mode).toBe("transient");
    }
  });

  it("carries Retry-After from an HTTP 429", async () => {
    api.fake.setMode("rate_limited_http");
    const e = await failure(provider().generate(await req()));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterSeconds).toBe(9);
  });

  it("keeps polling through a rate-limited poll instead of dropping a running task", async () => {
    api.fake.setMode("poll_rate_limited_once");
    const out = await provider().generate(await req());
    expect(out.image.length).toBeGreaterThan(0);
  });

  it("gives up on a task that never finishes once the timeout passes", async () => {
    const generate = async () => provider({ timeoutMs: 300 }).generate(await req());
    await expectCutShort(api.fake, "never_finishes", generate, { aborts: false });
  });

  // A hanging createTask is cut short; the job's signal stops a task that never finishes. A
  // refused connection: the file upload's endpoint refuses too.
  itHandlesTransportFailures(
    api,
    { slow: "slow_create", hangs: "never_finishes" },
    async (over, signal) =>
      provider({ ...over, ...(over.endpoint && { uploadEndpoint: over.endpoint }) }).generate(
        await req({ signal }),
      ),
  );

  it("check() names the missing key", async () => {
    await expect(provider({ apiKey: "" }).check()).rejects.toThrow(/KIE_AI_API_KEY/);
  });
});

describeRegistryWiring(api, {
  apiProvider: "kie_ai",
  keyVar: "KIE_AI_API_KEY",
  key: (fake) => fake.apiKey,
  row: { configData: { poll_interval_ms: 20, input: { output_format: "jpeg" } } },
  model: KIE_DEFAULT_MODEL,
  async generates(p, fake) {
    const before = fake.calls.length;
    await p.generate(await req());
    const create = fake.calls.slice(before).find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect((create.body as { input: Record<string, unknown> }).input.output_format).toBe("jpeg");
  },
});

describe("Kie.ai Kanvas client against a local fake of its API", () => {
  const kanvas = api.client(createKieAiKanvasProvider, (fake) => ({
    apiKey: fake.apiKey,
    uploadEndpoint: fake.endpoint,
    model: KIE_KANVAS_MODEL,
    pollIntervalMs: 20,
  }));
  const image2image = async () =>
    kanvasRequest({ mode: "image2image", images: await referenceImages(), aspectRatio: "9:16" });

  it("text2image creates a task of the text model with the prompt and ratio, no upload", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await kanvas().generateKanvas(kanvasRequest());
    expect((await sharp(out.image).metadata()).width).toBe(768);
    expect(out).toMatchObject({ model: KIE_KANVAS_MODEL, seed: 1001 });
    const calls = api.fake.calls.slice(before);
    expect(calls.some((c) => c.path === "/api/file-base64-upload")).toBe(false);
    const create = calls.find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect(create.auth).toBe(`Bearer ${api.fake.apiKey}`);
    expect(create.body).toEqual({
      model: KIE_KANVAS_MODEL,
      input: {
        prompt: "a lighthouse on a cliff at dusk, oil painting\n\nAvoid: blurry, text",
        output_format: "png",
        image_size: "16:9",
      },
    });
    expect(calls.filter((c) => c.path === "/api/v1/jobs/recordInfo")).toHaveLength(4);
  });

  it("image2image uploads every reference in order and gives their URLs to the edit model", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const req = await image2image();
    const out = await kanvas().generateKanvas(req);
    expect(out.model).toBe(KIE_DEFAULT_MODEL);
    const calls = api.fake.calls.slice(before);
    const uploadCalls = calls.filter((c) => c.path === "/api/file-base64-upload");
    expect(uploadCalls.map((c) => c.auth)).toEqual(
      req.images.map(() => `Bearer ${api.fake.apiKey}`),
    );
    const uploads = uploadCalls.map(
      (c) => c.body as { base64Data: string; uploadPath: string; fileName: string },
    );
    const refs = await Promise.all(req.images.map(async (b) => Buffer.from(await b.arrayBuffer())));
    expect(uploads.map((u) => [u.uploadPath, u.base64Data])).toEqual(
      refs.map((r) => ["rupa/kanvas", `data:image/jpeg;base64,${r.toString("base64")}`]),
    );
    expect(uploads.map((u) => api.fake.uploads.get(u.fileName))).toEqual(refs);
    const create = calls.find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect(create.body).toEqual({
      model: KIE_DEFAULT_MODEL,
      input: {
        prompt: "a lighthouse on a cliff at dusk, oil painting\n\nAvoid: blurry, text",
        image_urls: uploads.map((u) => `${api.fake.endpoint}/files/${u.fileName}`),
        output_format: "png",
        image_size: "9:16",
      },
    });
  });

  it("uses the configured edit model and extra input fields", async () => {
    api.fake.setMode("ok");
    const before = api.fake.calls.length;
    const out = await kanvas({
      editModel: "bytedance/seedream-v4-edit",
      extraInput: { output_format: "jpeg" },
    }).generateKanvas(await image2image());
    expect(out.model).toBe("bytedance/seedream-v4-edit");
    const create = api.fake.calls.slice(before).find((c) => c.path === "/api/v1/jobs/createTask")!;
    expect(create.body).toMatchObject({
      model: "bytedance/seedream-v4-edit",
      input: { output_format: "jpeg" },
    });
  });

  it("image2image without a reference image is refused before any request", async () => {
    const before = api.fake.calls.length;
    const e = await failure(kanvas().generateKanvas(kanvasRequest({ mode: "image2image" })));
    expect(e.kind).toBe("permanent");
    expect(api.fake.calls.length).toBe(before);
  });

  it("carries Retry-After from an HTTP 429, and treats 429, 455 and 500 in the body as transient", async () => {
    api.fake.setMode("rate_limited_http");
    const e = await failure(kanvas().generateKanvas(kanvasRequest()));
    expect([e.kind, e.retryAfterSeconds]).toEqual(["transient", 9]);
    for (const mode of ["rate_limited", "maintenance", "server_error"] as const) {
      api.fake.setMode(mode);
      expect((await failure(kanvas().generateKanvas(kanvasRequest()))).kind, mode).toBe(
        "transient",
      );
    }
  });

  it("treats 402 insufficient balance, 401 and a failed task as permanent", async () => {
    for (const mode of ["insufficient_balance", "unauthorized", "task_fails"] as const) {
      api.fake.setMode(mode);
      expect((await failure(kanvas().generateKanvas(await image2image()))).kind, mode).toBe(
        "permanent",
      );
    }
  });

  it("gives up on a task that never finishes, and aborts a createTask call that hangs", async () => {
    const never = () => kanvas({ timeoutMs: 300 }).generateKanvas(kanvasRequest());
    await expectCutShort(api.fake, "never_finishes", never, { aborts: false });
    await expectCutShort(api.fake, "slow_create", async () =>
      kanvas({ timeoutMs: 300 }).generateKanvas(await image2image()),
    );
  });

  it("check() names the missing key", async () => {
    await expect(kanvas({ apiKey: "" }).check()).rejects.toThrow(/KIE_AI_API_KEY/);
    await expect(kanvas().check()).resolves.toBeUndefined();
  });
});
