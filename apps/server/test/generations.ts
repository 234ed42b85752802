import { apiContract as api, type Generation } from "@rupa/shared";
import type { TestClient } from "./client";

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
