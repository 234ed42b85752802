/**
 * The process is shutting down (SIGTERM): readiness answers 503 at once, so a load balancer
 * sends no new requests, and open event streams tell their clients to reconnect (to another
 * process) and end, so the HTTP server is not kept open by them. Begun once; never undone.
 */
export interface Drain {
  /** Aborted when the shutdown begins. */
  readonly signal: AbortSignal;
  readonly draining: boolean;
  begin(): void;
}

export function createDrain(): Drain {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    get draining() {
      return controller.signal.aborted;
    },
    begin: () => controller.abort(new Error("shutting down")),
  };
}
