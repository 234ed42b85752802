import { type AvatarProvider, subjectBytes } from "../provider";
import { renderLocal } from "./local-renderer";

/** The built-in renderer as a provider: offline, deterministic for a seed, no key needed. */
export function createLocalProvider(model = "rupa-local-v1"): AvatarProvider {
  return {
    name: "local",
    model,
    async generate(req) {
      const image = await renderLocal(await subjectBytes(req.image), {
        look: req.look.look,
        palette: req.look.palette,
        title: req.look.title,
        subtitle: req.look.subtitle,
        seed: req.seed,
        width: 1024,
        height: 1024,
      });
      return { image, model, seed: req.seed };
    },
    check: () => Promise.resolve(),
  };
}
