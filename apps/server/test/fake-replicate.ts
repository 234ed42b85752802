import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { Database } from "../src/infra/db/client";
import { createAiConfigsRepository } from "../src/modules/ai-configs/ai-configs.repository";
import { listenLocally } from "./fake-server";
import { createGenerationServer } from "./generations";
import type { TestServer } from "./harness";

export type FakeMode =
  | "ok"
  | "unauthorized"
  | "rate_limited"
  | "server_error"
  | "slow"
  | "model_failed"
  | "ok_after_429";

/**
 * A local stand-in for Replicate's predictions API that answers as its documentation says:
 * 201 with `urls.get`/`urls.cancel`, `starting` → `processing` → `succeeded` with an output URL,
 * problem+json errors with `detail`, 401, 429 with Retry-After, 5xx, and predictions that never
 * finish (for the timeout and cancel path).
 */
export async function startFakeReplicate(initial: FakeMode = "ok") {
  let mode: FakeMode = initial;
  const calls: { method: string; path: string; body?: unknown; auth?: string }[] = [];
  const predictions = new Map<
    string,
    { polls: number; canceled: boolean; createdAt: number; readyAt: number; input: unknown }
  >();
  /** Polls a prediction answers "processing" to before it settles. */
  let pollsToFinish = 2;
  /** Milliseconds a prediction takes before it settles (instead of a count of polls). */
  let latency: (() => number) | null = null;
  const png = await sharp({
    create: { width: 640, height: 640, channels: 3, background: "#5b3cc4" },
  })
    .png()
    .toBuffer();
  let rateLimitedOnce = false;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      calls.push({
        method: req.method ?? "",
        path: url.pathname,
        body,
        auth: req.headers.authorization,
      });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const send = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          "content-type": status >= 400 ? "application/problem+json" : "application/json",
          ...headers,
        });
        res.end(JSON.stringify(obj));
      };
      const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
        send(status, { title: http.STATUS_CODES[status], detail, status }, headers);

      if (req.method === "GET" && url.pathname === "/files/output.png") {
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(png);
      }
      if (req.headers.authorization !== "Bearer test-token-123")
        return problem(401, "You did not pass a valid authentication token");
      if (mode === "unauthorized")
        return problem(401, "You did not pass a valid authentication token");
      if (mode === "rate_limited")
        return problem(429, "Request was throttled.", { "retry-after": "7" });
      if (mode === "ok_after_429" && !rateLimitedOnce) {
        rateLimitedOnce = true;
        return problem(429, "Request was throttled.", { "retry-after": "1" });
      }
      if (mode === "server_error") return problem(503, "Service unavailable");

      if (req.method === "POST" && url.pathname === "/v1/predictions") {
        const id = `p${predictions.size + 1}`;
        const now = Date.now();
        predictions.set(id, {
          polls: 0,
          canceled: false,
          createdAt: now,
          readyAt: latency ? now + latency() : 0,
          input: (body as { input?: unknown } | undefined)?.input,
        });
        return send(201, {
          id,
          status: "starting",
          output: null,
          error: null,
          urls: {
            get: `${base}/v1/predictions/${id}`,
            cancel: `${base}/v1/predictions/${id}/cancel`,
          },
        });
      }
      const m = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(url.pathname);
      const p = m ? predictions.get(m[1]!) : undefined;
      if (!m || !p) return problem(404, "Not found");
      if (m[2]) {
        p.canceled = true;
        return send(200, { id: m[1], status: "canceled", output: null, error: null });
      }
      p.polls += 1;
      if (p.canceled) return send(200, { id: m[1], status: "canceled", output: null, error: null });
      const running = latency ? Date.now() < p.readyAt : p.polls < pollsToFinish;
      if (mode === "slow" || running)
        return send(200, { id: m[1], status: "processing", output: null, error: null });
      if (mode === "model_failed")
        return send(200, {
          id: m[1],
          status: "failed",
          output: null,
          error: "No face detected in the image",
        });
      return send(200, {
        id: m[1],
        status: "succeeded",
        output: [`${base}/files/output.png`],
        error: null,
      });
    });
  });
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    calls,
    predictions,
    setMode(m: FakeMode) {
      mode = m;
    },
    setPollsToFinish(n: number) {
      pollsToFinish = n;
    },
    /** Settle predictions after a time drawn per prediction (null: after a count of polls). */
    setLatency(f: (() => number) | null) {
      latency = f;
    },
    close,
  };
}

/** The active AI configuration that points avatar generation at a fake Replicate. */
export function replicateConfig(endpoint: string, pollIntervalMs: number) {
  return {
    apiProvider: "replicate",
    modelName: "zsxkib/instant-id",
    apiEndpoint: endpoint,
    configData: { version: "c".repeat(64), poll_interval_ms: pollIntervalMs },
  };
}

/** The built-in renderer as the active avatar provider's configuration. */
const LOCAL_RENDERER = {
  apiProvider: "local",
  modelName: "rupa-local-v1",
  apiEndpoint: "",
  configData: {},
};

/** Makes `config` the active avatar provider of the database `db` (the row AI settings write). */
async function activateAvatarConfig(
  db: Database,
  config: ReturnType<typeof replicateConfig> | typeof LOCAL_RENDERER,
) {
  const configs = createAiConfigsRepository(db);
  await db.transaction(async (tx) => {
    await configs.deactivateOthers(tx, "avatar_generation", null);
    await configs.insert(tx, "avatar_generation", { ...config, isActive: true });
  });
}

/**
 * Makes Replicate at `endpoint` the active avatar provider of the database `db` (the row the
 * admin panel's AI settings write), for tests that start a server of their own on it.
 */
export const activateReplicate = (db: Database, endpoint: string, pollIntervalMs: number) =>
  activateAvatarConfig(db, replicateConfig(endpoint, pollIntervalMs));

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;

/**
 * The test server of a file about generations, with a fake Replicate beside it: generations are
 * retried at once and given up after 20 s (unless `env` says otherwise), and no member meets the
 * hourly generation limit. Start it in beforeAll and close both in afterAll.
 */
export async function startGenerationServer(env: Record<string, string> = {}): Promise<{
  t: TestServer;
  fake: FakeReplicate;
  /** Makes the built-in renderer or the fake Replicate (answering as `mode`) the provider. */
  useProvider: (provider: "local" | "replicate", mode?: FakeMode) => Promise<void>;
  close: () => Promise<void>;
}> {
  const fake = await startFakeReplicate();
  const t = await createGenerationServer({
    TRUST_PROXY: "true",
    REPLICATE_API_TOKEN: "test-token-123",
    ...env,
  });
  t.actAs(null);
  return {
    t,
    fake,
    useProvider: async (provider, mode = "ok") => {
      fake.setMode(mode);
      await activateAvatarConfig(
        t.ctx.db.db,
        provider === "local" ? LOCAL_RENDERER : replicateConfig(fake.endpoint, 20),
      );
    },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export type GenerationServer = Awaited<ReturnType<typeof startGenerationServer>>;
