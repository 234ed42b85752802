import { type KanvasProvider, type KanvasRequest, ProviderError, subjectBytes } from "../provider";
import {
  KANVAS_SIZES,
  promptColours,
  promptHash,
  promptWords,
  type KanvasDrawOptions,
} from "./local-kanvas-art";
import type { LocalLook, LocalRenderOptions } from "./local-renderer";
import { RenderQueueFullError, renderPool } from "./render-pool";

/**
 * Words that ask for a look, most specific first ("lukisan cat air" is watercolour, not oil).
 * Phrases are matched on whole words.
 */
const LOOK_WORDS: [LocalLook, string[]][] = [
  ["pop_art", ["pop art", "popart", "warhol"]],
  ["watercolor", ["cat air", "watercolor", "watercolour", "akuarel", "aquarelle"]],
  ["sketch", ["sketsa", "sketch", "pensil", "pencil", "arang", "charcoal", "drawing"]],
  ["cartoon", ["kartun", "cartoon", "anime", "manga", "komik", "comic", "chibi", "pixar"]],
  ["jadul", ["jadul", "vintage", "kuno", "lawas", "polaroid", "nostalgia", "kenangan"]],
  ["sepia_era", ["sepia", "antik", "antique", "klasik", "classic"]],
  ["seventies", ["70an", "70s", "seventies", "disco", "retro"]],
  ["vhs", ["vhs", "90an", "90s", "kaset", "glitch"]],
  ["cyber", ["cyberpunk", "cyber", "futuristik", "futuristic", "scifi", "sci fi"]],
  ["neon", ["neon", "synthwave", "glow"]],
  ["soft_glam", ["glam", "glamour", "cantik", "beauty", "lembut", "soft", "romantis", "romantic"]],
  ["oil", ["cat minyak", "lukisan minyak", "oil", "painting", "lukisan", "renaissance"]],
];

/**
 * The looks a prompt without a look word is drawn in, picked by the prompt's hash. The id-photo
 * and toy-box looks are left out: they frame a portrait for an avatar, not any picture.
 */
const DEFAULT_LOOKS: LocalLook[] = [
  "cartoon",
  "watercolor",
  "oil",
  "pop_art",
  "sketch",
  "seventies",
  "neon",
  "soft_glam",
  "jadul",
  "vhs",
  "cyber",
  "sepia_era",
];

/** The look an image-to-image prompt asks for; the prompt's hash picks one when none is named. */
export function kanvasLookFor(prompt: string): LocalLook {
  const text = ` ${promptWords(prompt).join(" ")} `;
  for (const [look, words] of LOOK_WORDS) {
    if (words.some((w) => text.includes(` ${w} `))) return look;
  }
  return DEFAULT_LOOKS[promptHash(prompt) % DEFAULT_LOOKS.length]!;
}

const hsl = (h: number, s: number, l: number) => {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
};

/**
 * The look's colours from the prompt: the first colour it names (biru, gold, ...) or, when it
 * names none, a hue from its hash. Looks without colours of their own get none.
 */
export function kanvasPaletteFor(prompt: string, look: LocalLook): string[] | undefined {
  const words = promptWords(prompt);
  const colours = promptColours(words);
  const named = [colours.land, colours.sky, ...colours.general].filter((c) => c !== undefined);
  const h = ((named[0]?.h ?? promptHash(prompt) % 360) + 360) % 360;
  const h2 = named[1]?.h ?? (h + 150) % 360;
  switch (look) {
    case "pop_art":
      // Four duotone panels: a deep shade of each hue with a bright opposite.
      return [0, 90, 180, 270].flatMap((d) => [
        hsl((h + d) % 360, 65, 20),
        hsl((h + d + 150) % 360, 95, 62),
      ]);
    case "neon":
    case "cyber":
      return [hsl(h, 95, 58), hsl(h2, 95, 60)];
    case "soft_glam":
      return [hsl(h, 70, 86), hsl(h, 40, 45)];
    case "sketch":
      // Graphite unless a colour is named: then the drawing is in that ink.
      return named[0] ? [hsl(h, 55, 28)] : undefined;
    default:
      return undefined;
  }
}

/** What the render pool is asked for: a drawing from the prompt, or a reference photo's look. */
export function kanvasDrawOptions(req: KanvasRequest): KanvasDrawOptions {
  const size = KANVAS_SIZES[req.aspectRatio] ?? KANVAS_SIZES["1:1"];
  return { prompt: req.prompt, negativePrompt: req.negativePrompt, seed: req.seed, ...size };
}

export function kanvasLookOptions(req: KanvasRequest): LocalRenderOptions {
  const size = KANVAS_SIZES[req.aspectRatio] ?? KANVAS_SIZES["1:1"];
  const look = kanvasLookFor(req.prompt);
  // "whole": a portrait reference drawn at 16:9 keeps its face instead of a strip of it.
  const palette = kanvasPaletteFor(req.prompt, look);
  return { look, palette, seed: req.seed, frame: "whole", ...size };
}

const cancelled = (signal: AbortSignal) =>
  new ProviderError("transient", `local: cancelled (${String(signal.reason)})`);

/**
 * The built-in Kanvas renderer: offline, no key, the same picture for the same request.
 * Text-to-image draws an illustration from the prompt's words (local-kanvas-art.ts);
 * image-to-image draws the first reference image in one of the avatar renderer's looks. Both run
 * on the render pool's worker threads, off the event loop that answers requests.
 */
export function createLocalKanvasProvider(model = "rupa-local-v1"): KanvasProvider {
  return {
    name: "local",
    model,
    async generateKanvas(req) {
      if (req.signal.aborted) throw cancelled(req.signal);
      let work: Promise<Buffer>;
      if (req.mode === "image2image") {
        const reference = req.images[0];
        if (!reference) {
          throw new ProviderError("permanent", "local: image-to-image needs a reference image");
        }
        const bytes = await subjectBytes(reference);
        if (req.signal.aborted) throw cancelled(req.signal);
        work = renderPool().render(bytes, kanvasLookOptions(req), req.signal);
      } else {
        work = renderPool().draw(kanvasDrawOptions(req), req.signal);
      }
      try {
        return { image: await work, model, seed: req.seed };
      } catch (e) {
        if (req.signal.aborted) throw cancelled(req.signal);
        if (e instanceof RenderQueueFullError) throw new ProviderError("transient", e.message);
        const message = e instanceof Error ? e.message : String(e);
        // A reference image the renderer cannot read fails the same way every time.
        throw new ProviderError(
          req.mode === "image2image" && !/render (thread|pool)/.test(message)
            ? "permanent"
            : "transient",
          `local: ${message}`,
        );
      }
    },
    check: () => Promise.resolve(),
  };
}
