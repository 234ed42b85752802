import { type AvatarProvider, sizeFor, subjectBytes } from "../provider";
import { renderPool } from "./render-pool";

/**
 * The built-in renderer as a provider: offline, deterministic for a seed, no key needed. It draws
 * on the render pool's worker threads, off the event loop that answers requests.
 */
export function createLocalProvider(model = "rupa-local-v1"): AvatarProvider {
  return {
    name: "local",
    model,
    async generate(req) {
      const image = await renderPool().render(await subjectBytes(req.image), {
        look: req.look.look,
        palette: req.look.palette,
        title: req.look.title,
        subtitle: req.look.subtitle,
        seed: req.seed,
        face: req.face ?? null,
        ...sizeFor(req.aspectRatio),
      });
      return { image, model, seed: req.seed };
    },
    check: () => Promise.resolve(),
  };
}
