import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Connection,
  isTransient,
  RETRY_DELAYS_MS,
  STALL_MS,
  STALLED,
  uploadPhoto,
  UploadAborted,
  type UploadStage,
} from "./upload-photo";
import { ApiError } from "./api-client";

// The photo consent (lib/photo-consent.ts) is on record here: these tests are about the send.
const consent = vi.hoisted(() => ({ given: true, asked: 0 }));
vi.mock("@/lib/photo-consent", () => ({
  ensurePhotoConsent: () => {
    consent.asked += 1;
    return consent.given
      ? Promise.resolve()
      : Promise.reject(new Error("consent_required (declined in the dialog)"));
  },
}));

/** Just what uploadPhoto uses of an XMLHttpRequest; every one opened is in `FakeXhr.sent`. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  status = 0;
  responseText = "";
  withCredentials = false;
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total = 100) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
    if (loaded === total) this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

const UPLOAD = { upload: { id: "u1", status: "completed", width: 1536, height: 2048 } };
const photo = {
  blob: new Blob(["jpeg"]),
  name: "a.jpg",
  width: 1536,
  height: 2048,
  shrunk: true,
  ms: 1,
};

function connection(initial = true) {
  let online = initial;
  let wake: (() => void) | null = null;
  const c: Connection & { set: (v: boolean) => void } = {
    online: () => online,
    whenOnline: () => new Promise<void>((resolve) => (wake = resolve)),
    set(v) {
      online = v;
      if (v) wake?.();
    },
  };
  return c;
}

function start(c = connection()) {
  const stages: UploadStage[] = [];
  const handle = uploadPhoto(photo, {
    name: "a.jpg",
    onStage: (s) => stages.push(s),
    connection: c,
  });
  const outcome = handle.promise.then(
    (u) => ({ ok: true as const, u }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  return { handle, stages, outcome, c };
}

/** Lets the promise chain run up to the next send (or wait). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("uploadPhoto: a flaky connection", () => {
  it("tries a failed send again after 1 s, 3 s and 7 s, then gives up", async () => {
    const { outcome, stages } = start();
    await settle();
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      expect(FakeXhr.sent).toHaveLength(i + 1);
      FakeXhr.sent[i]!.fail();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeXhr.sent).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(FakeXhr.sent).toHaveLength(4);
    FakeXhr.sent[3]!.fail();
    const result = await outcome;
    expect(result.ok).toBe(false);
    expect(!result.ok && (result.e as ApiError).code).toBe("NETWORK_ERROR");
    expect(stages.filter((s) => s.stage === "waiting")).toEqual([
      { stage: "waiting", reason: "retry", attempt: 1 },
      { stage: "waiting", reason: "retry", attempt: 2 },
      { stage: "waiting", reason: "retry", attempt: 3 },
    ]);
  });

  it("succeeds by itself when a later try is answered (5xx and 429 are tried again)", async () => {
    const { outcome } = start();
    await settle();
    FakeXhr.sent[0]!.answer(503, { error: { code: "upload_busy", message: "busy" } });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    FakeXhr.sent[1]!.answer(429, { error: { code: "rate_limited", message: "slow down" } });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    FakeXhr.sent[2]!.progress(100);
    FakeXhr.sent[2]!.answer(201, UPLOAD);
    expect(await outcome).toEqual({ ok: true, u: UPLOAD.upload });
  });

  it("does not try again when the server refuses the photo itself (4xx)", async () => {
    const { outcome } = start();
    await settle();
    FakeXhr.sent[0]!.answer(422, { error: { code: "photo_too_small", message: "small" } });
    const result = await outcome;
    expect(!result.ok && (result.e as ApiError).code).toBe("photo_too_small");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("gives up a send that makes no progress for 15 s and sends again", async () => {
    const { outcome, stages } = start();
    await settle();
    FakeXhr.sent[0]!.progress(10);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    FakeXhr.sent[0]!.progress(20); // progress restarts the watch
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(FakeXhr.sent[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(FakeXhr.sent).toHaveLength(2);
    // Once every byte has left, the server's own time is no stall.
    FakeXhr.sent[1]!.progress(100);
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(FakeXhr.sent[1]!.aborted).toBe(false);
    FakeXhr.sent[1]!.answer(201, UPLOAD);
    expect((await outcome).ok).toBe(true);
    expect(stages).toContainEqual({ stage: "sending", progress: 0.2 });
    expect(stages).toContainEqual({ stage: "waiting", reason: "retry", attempt: 1 });
  });

  it("waits offline without spending a try, and sends when the connection is back", async () => {
    const c = connection(false);
    const { outcome, stages } = start(c);
    await settle();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(stages.at(-1)).toEqual({ stage: "waiting", reason: "offline", attempt: 0 });
    c.set(true);
    await settle();
    expect(FakeXhr.sent).toHaveLength(1);
    // Dropped again mid-send: waits for the connection, no delay, no try spent.
    c.set(false);
    FakeXhr.sent[0]!.fail();
    await settle();
    expect(stages.at(-1)).toEqual({ stage: "waiting", reason: "offline", attempt: 0 });
    c.set(true);
    await settle();
    expect(FakeXhr.sent).toHaveLength(2);
    FakeXhr.sent[1]!.answer(201, UPLOAD);
    expect((await outcome).ok).toBe(true);
  });

  it("stops at once when aborted, even while waiting to try again", async () => {
    const { handle, outcome } = start();
    await settle();
    FakeXhr.sent[0]!.fail();
    await settle();
    handle.abort();
    const result = await outcome;
    expect(!result.ok && result.e).toBeInstanceOf(UploadAborted);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("calls transient only what a new try can mend", () => {
    expect(isTransient(new ApiError("NETWORK_ERROR", 0, ""))).toBe(true);
    expect(isTransient(new ApiError(STALLED, 0, ""))).toBe(true);
    expect(isTransient(new ApiError("HTTP_502", 502, ""))).toBe(true);
    expect(isTransient(new ApiError("HTTP_408", 408, ""))).toBe(true);
    expect(isTransient(new ApiError("photo_no_face", 422, ""))).toBe(false);
    expect(isTransient(new ApiError("photo_too_large", 413, ""))).toBe(false);
    expect(isTransient(new ApiError("guest_session_required", 401, ""))).toBe(false);
    expect(isTransient(new Error("x"))).toBe(false);
  });
});

describe("uploadPhoto: the photo consent (docs/product/privacy.md)", () => {
  afterEach(() => {
    consent.given = true;
  });

  it("asks for consent before anything is sent, and sends nothing when it is declined", async () => {
    consent.given = false;
    const before = consent.asked;
    const { outcome } = start();
    await settle();
    expect(consent.asked).toBe(before + 1);
    expect(FakeXhr.sent).toHaveLength(0);
    expect((await outcome).ok).toBe(false);
  });
});
