import type { StyleEventsRequest } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";

export type StyleEvent = StyleEventsRequest["events"][number];
export type StyleEventSection = NonNullable<StyleEvent["section"]>;

/** The server takes 1..100 events per call. */
export const MAX_EVENTS_PER_CALL = 100;
export const FLUSH_INTERVAL_MS = 4_000;

export type SendEvents = (events: StyleEvent[], options: { keepalive: boolean }) => Promise<void>;

/**
 * Collects style events and sends them in batches: after `intervalMs`, when 100 are waiting, or
 * at once with `flush(true)` (page hide, using fetch keepalive). A style is reported as viewed
 * once per section per page visit. A failed send is only warned about (docs/product/errors.md).
 */
export class EventBatcher {
  private queue: StyleEvent[] = [];
  private readonly seen = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: SendEvents,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = (
      fn,
      ms,
    ) => setTimeout(fn, ms),
    private readonly cancel: (timer: ReturnType<typeof setTimeout>) => void = (timer) =>
      clearTimeout(timer),
  ) {}

  /** Queues one event; "viewed" is dropped when that style was already seen in that section. */
  add(event: StyleEvent): void {
    if (event.type === "viewed") {
      const key = `${event.styleId}:${event.section ?? ""}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    this.queue.push(event);
    if (this.queue.length >= MAX_EVENTS_PER_CALL) {
      this.flush(false);
    } else if (this.timer === undefined) {
      this.timer = this.schedule(() => {
        this.timer = undefined;
        this.flush(false);
      }, this.intervalMs);
    }
  }

  /** Sends everything waiting, in calls of at most 100 events. */
  flush(keepalive: boolean): void {
    if (this.timer !== undefined) {
      this.cancel(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_EVENTS_PER_CALL);
      this.send(batch, { keepalive }).catch((error: unknown) => {
        console.warn("[styles] could not record style events", error);
      });
    }
  }

  get pending(): number {
    return this.queue.length;
  }
}

const sendEvents: SendEvents = async (events, { keepalive }) => {
  await call(routes.stylesEvents, { body: { events } }, { keepalive });
};

let shared: EventBatcher | undefined;

function batcher(): EventBatcher {
  if (!shared) {
    const instance = new EventBatcher(sendEvents);
    shared = instance;
    window.addEventListener("pagehide", () => instance.flush(true));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") instance.flush(true);
    });
  }
  return shared;
}

/** Records one event (batched). Never throws. */
export function trackStyleEvent(event: StyleEvent): void {
  try {
    batcher().add(event);
  } catch (error) {
    console.warn("[styles] could not queue a style event", error);
  }
}
