import type { KanvasRun } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import id from "../../../locales/id.json";
import en from "../../../locales/en.json";
import { interpolate } from "@/lib/i18n-core";
import { actionForError, pictureFailureKey } from "./error-keys";
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSettings,
  SETTINGS_KEY,
  settingsFromRun,
  validateForm,
} from "./kanvas-form";
import { generateLabel } from "./price-label";
import { isRunActive, mergeRun, refundedPictures, runProgress } from "./run-state";

function translator(messages: unknown) {
  return (key: string, vars?: Record<string, string | number>) => {
    const value = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
    if (typeof value !== "string") throw new Error(`missing ${key}`);
    return vars ? interpolate(value, vars) : value;
  };
}

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

const picture = (
  index: number,
  status: KanvasRun["pictures"][number]["status"],
  progress = 0,
): KanvasRun["pictures"][number] => ({
  jobId: `00000000-0000-4000-8000-00000000000${index}`,
  index,
  status,
  progress,
  image:
    status === "succeeded"
      ? {
          id: crypto.randomUUID(),
          imageUrl: `/i/${index}`,
          displayUrl: null,
          thumbUrl: null,
          width: null,
          height: null,
          hasWatermark: false,
        }
      : null,
  error: status === "failed" ? { code: "provider_error", message: "x" } : null,
});

const run = (over: Partial<KanvasRun> = {}): KanvasRun => ({
  id: "11111111-1111-4111-8111-111111111111",
  status: "processing",
  mode: "text2image",
  prompt: "sawah",
  negativePrompt: "",
  aspectRatio: "16:9",
  count: 2,
  seed: 42,
  imageIds: [],
  pricePerImage: 3,
  refunded: 0,
  position: null,
  provider: "local",
  createdAt: "2026-11-24T10:00:00.000Z",
  pictures: [picture(0, "processing", 40), picture(1, "queued")],
  ...over,
});

describe("generateLabel", () => {
  it("says count × the price from the setting, in both languages", () => {
    expect(generateLabel(translator(id), 4, 1)).toBe("Buat 4 gambar · 4 kredit");
    expect(generateLabel(translator(en), 4, 1)).toBe("Make 4 images · 4 credits");
    expect(generateLabel(translator(id), 2, 5)).toBe("Buat 2 gambar · 10 kredit");
    expect(generateLabel(translator(en), 1, 1)).toBe("Make 1 image · 1 credit");
    expect(generateLabel(translator(en), 3, 0)).toBe("Make 3 images · free");
  });
  it("leaves the price out while the setting loads", () => {
    expect(generateLabel(translator(id), 3, null)).toBe("Buat 3 gambar");
  });
});

describe("settings persistence", () => {
  it("keeps the last settings across reloads", () => {
    const store = memoryStore();
    const settings = {
      mode: "text2image" as const,
      prompt: "kucing oranye",
      negativePrompt: "teks",
      aspectRatio: "9:16" as const,
      count: 3,
      seed: 7,
    };
    saveSettings(settings, store);
    expect(loadSettings(store)).toEqual(settings);
  });
  it("falls back to the defaults for anything unreadable", () => {
    expect(loadSettings(memoryStore())).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: "{oops" }))).toEqual(DEFAULT_SETTINGS);
    expect(
      loadSettings(
        memoryStore({
          [SETTINGS_KEY]: JSON.stringify({ mode: "video", aspectRatio: "4:3", count: 9, seed: -1 }),
        }),
      ),
    ).toEqual({ ...DEFAULT_SETTINGS, count: 4 });
  });
  it("fills the form from a past run, seed included", () => {
    const { mode, prompt, negativePrompt, aspectRatio, count, seed } = run();
    expect(settingsFromRun(run())).toEqual({
      mode,
      prompt,
      negativePrompt,
      aspectRatio,
      count,
      seed,
    });
  });
});

describe("validateForm", () => {
  it("asks for a prompt and, for image to image, an image", () => {
    expect(validateForm({ mode: "image2image", prompt: "  " }, { ready: 0, uploading: 0 })).toEqual(
      [
        { field: "prompt", code: "prompt_required" },
        { field: "images", code: "images_required" },
      ],
    );
    expect(
      validateForm({ mode: "text2image", prompt: "laut" }, { ready: 0, uploading: 0 }),
    ).toEqual([]);
  });
  it("refuses a prompt over 2000 characters, too many images, and images still uploading", () => {
    expect(
      validateForm({ mode: "text2image", prompt: "a".repeat(2001) }, { ready: 4, uploading: 0 }),
    ).toEqual([
      { field: "prompt", code: "prompt_too_long" },
      { field: "images", code: "too_many_images" },
    ]);
    expect(validateForm({ mode: "image2image", prompt: "x" }, { ready: 1, uploading: 1 })).toEqual([
      { field: "images", code: "images_uploading" },
    ]);
    expect(validateForm({ mode: "image2image", prompt: "x" }, { ready: 5, uploading: 0 })).toEqual(
      [],
    );
  });
});

describe("actionForError", () => {
  it("opens the out-of-credits dialog on 402 and sign-up on 401", () => {
    expect(actionForError(new ApiError("insufficient_credits", 402, ""))).toEqual({
      kind: "outOfCredits",
    });
    expect(actionForError(new ApiError("unauthorized", 401, ""))).toEqual({ kind: "signUp" });
  });
  it("puts validation issues on their fields", () => {
    const error = new ApiError("validation_failed", 400, "", [
      { path: ["prompt"], message: "prompt_required" },
      { path: ["imageIds"], message: "too_many_images" },
      { path: ["count"], message: "count_out_of_range" },
      { path: ["x"], message: "something_else" },
    ]);
    expect(actionForError(error)).toEqual({
      kind: "issues",
      issues: [
        { field: "prompt", code: "prompt_required" },
        { field: "images", code: "too_many_images" },
        { field: "form", code: "count_out_of_range" },
      ],
    });
  });
  it("names the banned words next to the field they were typed in, and falls back to the generic mapping", () => {
    const banned = (issues: { path: string[]; message: string }[]) =>
      new ApiError(
        "banned_content",
        422,
        "",
        issues.map((i) => ({ ...i, code: "banned_word" })),
      );
    expect(
      actionForError(
        banned([
          { path: ["prompt"], message: "judi online" },
          { path: ["prompt"], message: "kotor" },
          { path: ["negativePrompt"], message: "kotor" },
        ]),
      ),
    ).toEqual({
      kind: "issues",
      issues: [
        { field: "prompt", code: "banned_content", words: '"judi online", "kotor"' },
        { field: "negative", code: "banned_negative", words: '"kotor"' },
      ],
    });
    expect(actionForError(banned([{ path: ["negativePrompt"], message: "kotor" }]))).toEqual({
      kind: "issues",
      issues: [{ field: "negative", code: "banned_negative", words: '"kotor"' }],
    });
    expect(actionForError(new ApiError("HTTP_418", 418, ""))).toEqual({ kind: "generic" });
    expect(pictureFailureKey("cancelled")).toBe("kanvas.failure.cancelled");
    expect(pictureFailureKey("nope")).toBe("kanvas.failure.internal_error");
  });
});

describe("run state", () => {
  it("never moves a picture or the run backwards", () => {
    const current = run({ pictures: [picture(0, "succeeded"), picture(1, "processing", 60)] });
    const stale = run({
      status: "queued",
      pictures: [picture(0, "processing", 90), picture(1, "processing", 20)],
    });
    const merged = mergeRun(current, stale);
    expect(merged.status).toBe("processing");
    expect(merged.pictures.map((p) => [p.status, p.progress])).toEqual([
      ["succeeded", 0],
      ["processing", 60],
    ]);
    const done = run({
      status: "done",
      pictures: [picture(0, "succeeded"), picture(1, "succeeded")],
    });
    expect(mergeRun(done, run()).status).toBe("done");
  });
  it("reports the queue place before anything starts, then progress", () => {
    const queued = run({
      status: "queued",
      position: 3,
      pictures: [picture(0, "queued"), picture(1, "queued")],
    });
    expect(runProgress(queued)).toEqual({ ready: 0, total: 2, percent: 0, position: 3 });
    expect(
      runProgress(run({ pictures: [picture(0, "succeeded"), picture(1, "processing", 50)] })),
    ).toEqual({ ready: 1, total: 2, percent: 75, position: null });
    expect(isRunActive(queued)).toBe(true);
    expect(isRunActive(run({ status: "cancelled" }))).toBe(false);
  });
  it("counts refunded pictures from the credits given back", () => {
    expect(refundedPictures(run({ status: "cancelled", refunded: 6 }))).toBe(2);
    expect(
      refundedPictures(
        run({ pricePerImage: 0, pictures: [picture(0, "failed"), picture(1, "succeeded")] }),
      ),
    ).toBe(1);
  });
});
