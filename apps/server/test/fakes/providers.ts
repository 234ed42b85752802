import type {
  AvatarProvider,
  GenerateRequest,
  GenerateResult,
  KanvasProvider,
  KanvasRequest,
} from "../../src/infra/providers/provider";
import type { ProviderRegistry } from "../../src/infra/providers/registry";

type Step<R> = (req: R) => Promise<GenerateResult>;

/**
 * The active providers as the registry gives them: one avatar provider and one Kanvas provider
 * that answer at once with the bytes `raw` and the seed asked (or 7), unless a test queues the
 * next answers (`avatar.next`, `kanvas.next`: a step each, used in order). `calls` list what each
 * was asked; `flags.resumable` makes both resumable.
 */
export function fakeProviders(o: { name?: AvatarProvider["name"]; model?: string } = {}) {
  const name = o.name ?? "local";
  const model = o.model ?? "fake-1";
  const flags = { resumable: false };
  function kind<R extends { seed?: number | null }>() {
    const steps: Step<R>[] = [];
    const calls: R[] = [];
    const answer = (req: R) => {
      calls.push(req);
      const step = steps.shift();
      return step
        ? step(req)
        : Promise.resolve({ image: Buffer.from("raw"), model, seed: req.seed ?? 7 });
    };
    return { calls, answer, next: (...more: Step<R>[]) => void steps.push(...more) };
  }
  /** A provider of `name` and `model` whose `method` answers as `k` does. */
  function provider<R extends { seed?: number | null }, M extends string>(
    method: M,
    k: ReturnType<typeof kind<R>>,
  ) {
    return Object.assign(
      {
        name,
        model,
        get resumable() {
          return flags.resumable;
        },
        check: () => Promise.resolve(),
        calls: k.calls,
        next: k.next,
      },
      { [method]: k.answer } as Record<M, (req: R) => Promise<GenerateResult>>,
    );
  }
  const avatar = provider("generate", kind<GenerateRequest>()) satisfies AvatarProvider;
  const kanvas = provider("generateKanvas", kind<KanvasRequest>()) satisfies KanvasProvider;
  const registry: Pick<ProviderRegistry, "forService" | "forKanvas"> = {
    forService: () => Promise.resolve(avatar),
    forKanvas: () => Promise.resolve(kanvas),
  };
  return Object.assign(registry, { flags, avatar, kanvas });
}
