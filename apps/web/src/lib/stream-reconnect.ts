/**
 * The server ends an event stream with a `reconnect` event when it shuts down or the stream's
 * time is up (apps/server modules/jobs/job-stream.ts), with a `retry:` delay. The EventSource then
 * reconnects by itself, through the load balancer, to a process that is up, and is sent the
 * current state again.
 *
 * `announcedEnd(source)` returns the check for `onerror`: true for the one error that follows
 * the notice (leave the source open: the browser reconnects), false for any other error (the
 * stream failed: fall back to polling). A reconnect that fails errors again and gets false.
 */
export function announcedEnd(source: EventSource): () => boolean {
  let announced = false;
  source.addEventListener("reconnect", () => {
    announced = true;
  });
  return () => {
    const expected = announced && source.readyState === CONNECTING;
    announced = false;
    return expected;
  };
}

/** EventSource.CONNECTING (the constant is not there where EventSource is not). */
const CONNECTING = 0;
