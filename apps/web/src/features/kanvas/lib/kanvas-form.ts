import type { KanvasMode, KanvasRatio, KanvasRun } from "@rupa/shared";
import {
  KANVAS_LIMITS,
  KANVAS_MODES,
  KANVAS_RATIOS,
  kanvasImageMax,
  LIMITS,
} from "@rupa/shared/constants";

/** What the form holds, besides the reference images. */
export type KanvasSettings = {
  mode: KanvasMode;
  prompt: string;
  negativePrompt: string;
  aspectRatio: KanvasRatio;
  count: number;
  /** Set by "use these settings again"; cleared when the prompt changes by hand. */
  seed: number | null;
};

export const DEFAULT_SETTINGS: KanvasSettings = {
  mode: "image2image",
  prompt: "",
  negativePrompt: "",
  aspectRatio: "1:1",
  count: 1,
  seed: null,
};

export const SETTINGS_KEY = "rupa.kanvas.settings";

type StorageLike = Pick<Storage, "getItem" | "setItem">;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function clampCount(value: unknown): number {
  const n = typeof value === "number" && Number.isInteger(value) ? value : 1;
  return Math.min(KANVAS_LIMITS.countMax, Math.max(KANVAS_LIMITS.countMin, n));
}

/** The last settings kept in the browser; anything unreadable falls back to the defaults. */
export function loadSettings(store: StorageLike | null = storage()): KanvasSettings {
  let raw: unknown;
  try {
    const text = store?.getItem(SETTINGS_KEY);
    raw = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    raw = null;
  }
  if (typeof raw !== "object" || raw === null) return DEFAULT_SETTINGS;
  const v = raw as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === "string" ? x.slice(0, LIMITS.kanvasPromptMax) : "");
  return {
    mode: KANVAS_MODES.includes(v.mode as KanvasMode) ? (v.mode as KanvasMode) : "image2image",
    prompt: text(v.prompt),
    negativePrompt: text(v.negativePrompt),
    aspectRatio: KANVAS_RATIOS.includes(v.aspectRatio as KanvasRatio)
      ? (v.aspectRatio as KanvasRatio)
      : "1:1",
    count: clampCount(v.count),
    seed: typeof v.seed === "number" && Number.isInteger(v.seed) && v.seed >= 0 ? v.seed : null,
  };
}

export function saveSettings(settings: KanvasSettings, store: StorageLike | null = storage()) {
  try {
    store?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/** The settings a past run used ("Pakai pengaturan ini lagi"), seed included. */
export function settingsFromRun(run: KanvasRun): KanvasSettings {
  return {
    mode: run.mode,
    prompt: run.prompt,
    negativePrompt: run.negativePrompt,
    aspectRatio: run.aspectRatio,
    count: clampCount(run.count),
    seed: run.seed,
  };
}

export type FormProblem =
  | { field: "prompt"; code: "prompt_required" | "prompt_too_long" }
  | { field: "images"; code: "images_required" | "too_many_images" | "images_uploading" };

/** The same checks as the server's, before anything is sent (docs/product/kanvas.md). */
export function validateForm(
  settings: Pick<KanvasSettings, "mode" | "prompt">,
  images: { ready: number; uploading: number },
): FormProblem[] {
  const problems: FormProblem[] = [];
  const prompt = settings.prompt.trim();
  if (!prompt) problems.push({ field: "prompt", code: "prompt_required" });
  else if (prompt.length > LIMITS.kanvasPromptMax)
    problems.push({ field: "prompt", code: "prompt_too_long" });
  if (images.uploading > 0) problems.push({ field: "images", code: "images_uploading" });
  else if (settings.mode === "image2image" && images.ready === 0)
    problems.push({ field: "images", code: "images_required" });
  if (images.ready + images.uploading > kanvasImageMax(settings.mode))
    problems.push({ field: "images", code: "too_many_images" });
  return problems;
}

/** Credits a run costs: pictures × the price per picture (the `kanvas_credits_per_image` setting). */
export function runPrice(count: number, pricePerImage: number): number {
  return count * pricePerImage;
}
