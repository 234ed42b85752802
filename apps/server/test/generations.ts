import { apiContract as api, type Generation } from "@rupa/shared";
import type { TestClient } from "./client";
import { forFile, standIn } from "./for-file";
import { createTestServer, type TestServer } from "./harness";

/**
 * A test server that makes generations: a failed attempt is retried at once, a provider call
 * may take 20 seconds (`env` may say otherwise) and the hourly generation limit is out of the way.
 */
export async function createGenerationServer(
  env: Record<string, string> = {},
): Promise<TestServer> {
  const t = await createTestServer({
    env: { GENERATION_RETRY_BASE_SECONDS: "0", GENERATION_TIMEOUT_SECONDS: "20", ...env },
  });
  await t.ctx.services.settings.set("rate_limit_generation_per_hour", "1000", null);
  return t;
}

/** createGenerationServer for a whole file: created before its tests, closed after them. */
export function generationServerForFile(env: Record<string, string> = {}): TestServer {
  return standIn(forFile(() => createGenerationServer(env)));
}

/**
 * A generation followed through the API as its member's page follows it, until it ends (succeeded
 * or failed): its last state, which is still queued or running when `timeoutMs` ran out.
 */
export async function generationEnded(
  browser: TestClient,
  id: string,
  timeoutMs = 20_000,
): Promise<Generation> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const g = (await browser.call(api.generations.get, { params: { id } })).body.generation;
    if (g.status === "succeeded" || g.status === "failed" || Date.now() > end) return g;
    await new Promise((r) => setTimeout(r, 150));
  }
}
