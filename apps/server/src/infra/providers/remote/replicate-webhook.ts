import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Replicate signs webhooks per the Standard Webhooks scheme: HMAC-SHA256 over
 * "<webhook-id>.<webhook-timestamp>.<raw body>" with the base64 key after `whsec_`, sent as one or
 * more space-separated `v1,<base64>` entries. Deliveries older than 5 minutes are refused
 * (replays).
 */
export function verifyReplicateWebhook(
  secret: string,
  headers: { id?: string | null; timestamp?: string | null; signature?: string | null },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return false;
  const ts = Number.parseInt(timestamp, 10);
  if (!Number.isFinite(ts) || Math.abs(now / 1000 - ts) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return signature.split(" ").some((entry) => {
    const [version, sig] = entry.split(",");
    if (version !== "v1" || !sig) return false;
    const given = Buffer.from(sig, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Pollers waiting on a prediction; a verified webhook wakes them to fetch it at once. */
export function createPredictionWaiters() {
  const waiters = new Map<string, Set<() => void>>();
  return {
    notify(predictionId: string): boolean {
      const set = waiters.get(predictionId);
      if (!set) return false;
      for (const wake of set) wake();
      return true;
    },
    /** Resolve after `ms`, or earlier when the prediction is notified or the signal aborts. */
    wait(predictionId: string, ms: number, signal: AbortSignal): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const set = waiters.get(predictionId) ?? new Set<() => void>();
        waiters.set(predictionId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiters.delete(predictionId);
          signal.removeEventListener("abort", aborted);
        };
        const wake = () => {
          done();
          resolve();
        };
        const aborted = () => {
          done();
          reject(new Error("aborted"));
        };
        const timer = setTimeout(wake, ms);
        set.add(wake);
        signal.addEventListener("abort", aborted, { once: true });
      });
    },
  };
}
export type PredictionWaiters = ReturnType<typeof createPredictionWaiters>;
