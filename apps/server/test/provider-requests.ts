// Shared by the provider client tests (src/infra/providers/remote/*.provider.test.ts).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";
import { forFile } from "./for-file";
import { createEndpointGuard } from "../src/infra/providers/endpoint-guard";
import type { AvatarProvider, GenerateRequest } from "../src/infra/providers/provider";
import { ProviderError } from "../src/infra/providers/provider";
import { createProviderRegistry, PROVIDER_HOSTS } from "../src/infra/providers/registry";
import { createLogger } from "../src/lib/logger";
import type {
  AiConfigRow,
  AiConfigsRepository,
} from "../src/modules/ai-configs/ai-configs.repository";

/** The endpoint guard outside production: the local fakes on 127.0.0.1 may be called. */
export const devGuard = createEndpointGuard({
  production: false,
  providerHosts: PROVIDER_HOSTS,
  listedHosts: [],
});

/**
 * A fake provider API running for a test file's tests (started before them, closed after them):
 * `api.fake` is the running fake, and `api.client(create, fixed)` a factory of clients of
 * `create` with the endpoint guard, the fake's endpoint and `fixed` (what the fake gives them, such
 * as its key); a test's `over` replaces any of them.
 */
export function fakeApiForFile<F extends { endpoint: string; close(): Promise<void> }>(
  start: () => Promise<F>,
) {
  const fake = forFile(start);
  return {
    get fake() {
      return fake();
    },
    client<O extends { guard: typeof devGuard; endpoint?: string }, P>(
      create: (o: O) => P,
      fixed: (f: F) => Omit<O, "guard" | "endpoint"> & Partial<O>,
    ) {
      return (over: Partial<O> = {}) =>
        create({ guard: devGuard, endpoint: fake().endpoint, ...fixed(fake()), ...over } as O);
    },
  };
}

/** A small skin-coloured JPEG standing in for the upload's face crop. */
export function subjectJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: "#c98e66" } })
    .jpeg()
    .toBuffer();
}

/** A generation request with the subject photo; `over` replaces any field. */
export async function generateRequest(
  over: Partial<GenerateRequest> = {},
): Promise<GenerateRequest> {
  return {
    image: await subjectJpeg(),
    prompt: "anime portrait of the person in the photo",
    negativePrompt: "blurry",
    guidanceScale: 7.5,
    steps: 25,
    styleStrength: 0.7,
    seed: 42,
    aspectRatio: "1:1",
    look: { look: "cartoon" },
    signal: new AbortController().signal,
    ...over,
  };
}

/** The registry over one active config row (no database needed). */
export function registryWith(row: Partial<AiConfigRow>, vars: Record<string, string>) {
  const config: AiConfigRow = {
    id: "00000000-0000-4000-8000-000000000001",
    serviceName: "avatar_generation",
    apiProvider: "local",
    modelName: "",
    apiEndpoint: "",
    configData: {},
    isActive: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...row,
  };
  const configs = { activeFor: () => Promise.resolve(config) } as unknown as AiConfigsRepository;
  return createProviderRegistry(
    loadEnv({ NODE_ENV: "test", ...vars }),
    configs,
    createLogger("silent"),
  );
}

/**
 * The registry wiring every remote provider client's test declares: with `keyVar` set to the
 * fake's `key`, an active config of `apiProvider` pointing at the fake (and `row`, when given)
 * builds that client, named so and of `model`, which `generates` then drives against the fake
 * answering `ok`; without the key, the local renderer stands in.
 */
export function describeRegistryWiring<F extends { endpoint: string; setMode(mode: "ok"): void }>(
  api: { readonly fake: F },
  wiring: {
    apiProvider: string;
    keyVar: string;
    key: (fake: F) => string;
    row?: Partial<AiConfigRow>;
    model: string;
    generates: (p: AvatarProvider, fake: F) => Promise<void>;
  },
): void {
  const { apiProvider, keyVar } = wiring;
  describe(`registry wiring for ${apiProvider}`, () => {
    it(`builds the ${apiProvider} client from the active config when ${keyVar} is set`, async () => {
      const fake = api.fake;
      fake.setMode("ok");
      const row = { apiProvider, apiEndpoint: fake.endpoint, ...wiring.row };
      const p = await registryWith(row, { [keyVar]: wiring.key(fake) }).forService(
        "avatar_generation",
      );
      expect([p.name, p.model]).toEqual([apiProvider, wiring.model]);
      await wiring.generates(p, fake);
    });

    it(`falls back to the local renderer without ${keyVar}`, async () => {
      const p = await registryWith({ apiProvider }, {}).forService("avatar_generation");
      expect(p.name).toBe("local");
    });
  });
}

/** The ProviderError a call failed with (the test fails when it succeeded or threw another). */
export async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

/** A fake API that can be told to hang, counting the requests its clients aborted. */
interface HangingFake<M extends string> {
  setMode(mode: M): void;
  stats: { aborted: number };
}

/**
 * The fake hangs in `mode` and `call` is cut short by the client's own timeout (the test gives it
 * 300 ms): within 3 s, a transient error that says it timed out, and the fake saw the request
 * aborted (unless `aborts` is false: a poll loop gives up between requests).
 */
export async function expectCutShort<M extends string>(
  fake: HangingFake<M>,
  mode: M,
  call: () => Promise<unknown>,
  { aborts = true } = {},
): Promise<void> {
  fake.setMode(mode);
  const aborted = fake.stats.aborted;
  const started = Date.now();
  const e = await failure(call());
  expect(Date.now() - started).toBeLessThan(3000);
  expect(e.kind).toBe("transient");
  expect(e.message).toMatch(/timed out/);
  if (aborts) await expect.poll(() => fake.stats.aborted).toBeGreaterThan(aborted);
}

/** The fake hangs in `mode` and the job's own signal is aborted: the call stops, transient. */
export async function expectStopsWithItsJob<M extends string>(
  fake: HangingFake<M>,
  mode: M,
  call: (signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  fake.setMode(mode);
  const ctl = new AbortController();
  setTimeout(() => ctl.abort(new Error("job timeout")), 100);
  const e = await failure(call(ctl.signal));
  expect(e.kind).toBe("transient");
  expect(e.message).toMatch(/cancelled/);
}

/** What a client is made with in the transport cases: its timeout and its endpoint. */
interface TransportOver {
  timeoutMs?: number;
  endpoint?: string;
}

/**
 * The transport cases every provider client's test declares: the fake hanging in `modes.slow` is
 * cut short by the client's own 300 ms timeout (`expectCutShort`); hanging in `modes.hangs`, the
 * job's own signal stops it (`expectStopsWithItsJob`); a refused connection is transient. A mode
 * left out skips its case. `generate(over, signal)` makes a client with `over` and generates
 * with `signal` as the job's.
 */
export function itHandlesTransportFailures<M extends string = never>(
  // A fake that cannot hang (no mode given) needs no modes or counts.
  api: { readonly fake: [M] extends [never] ? unknown : HangingFake<M> },
  modes: { slow?: M; hangs?: M },
  generate: (over: TransportOver, signal: AbortSignal) => Promise<unknown>,
): void {
  const { slow, hangs } = modes;
  const fake = () => api.fake as HangingFake<M>;
  if (slow)
    it("times out a slow answer, aborts the request and reports it as transient", async () => {
      await expectCutShort(fake(), slow, () =>
        generate({ timeoutMs: 300 }, new AbortController().signal),
      );
    });
  if (hangs)
    it("stops when the job's own signal is aborted", async () => {
      await expectStopsWithItsJob(fake(), hangs, (signal) => generate({}, signal));
    });
  it("reports a refused connection as transient", async () => {
    const e = await failure(
      generate({ endpoint: "http://127.0.0.1:9" }, new AbortController().signal),
    );
    expect(e.kind).toBe("transient");
  });
}
