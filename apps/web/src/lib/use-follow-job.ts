import { useCallback, useEffect, useReducer, useRef } from "react";
import { announcedEnd } from "./stream-reconnect";

/** How often the fallback asks for a job whose stream failed. */
export const POLL_MS = 2000;

/**
 * What following one kind of job needs (an avatar generation, a Kanvas run): where its stream and
 * its current state are, and how two of its views compare. Define one per kind, outside any
 * component, so it stays the same object.
 */
export interface FollowedJob<T extends { id: string }> {
  /** The job's server-sent event stream (apps/server modules/jobs/job-stream.ts). */
  eventsUrl(id: string): string;
  /** The name of the stream's events that carry the job. */
  event: string;
  /** One event's data as a view of the job; null when unreadable (skipped). */
  parse(data: string): T | null;
  /** The job as it is now (the fallback when the stream fails). */
  fetch(id: string, signal: AbortSignal): Promise<T>;
  /** Nothing about it will change any more: following stops. */
  ended(job: T): boolean;
  /**
   * The newer of two views (SSE and polling answers can cross): `current` itself when `next` is
   * not newer, and then nothing changes.
   */
  merge(current: T, next: T): T;
}

export type FollowTransport = "sse" | "poll" | "idle";

/** The latest view of the job followed, how it is followed, and the failed polls in a row. */
export type FollowJobState<T> = {
  job: T | null;
  transport: FollowTransport;
  /** Consecutive failed polls (network trouble); the view shows a hint after a few. */
  pollFailures: number;
};

export type FollowJobEvent<T> =
  | { type: "started"; job: T }
  | { type: "update"; job: T }
  | { type: "sseFailed" }
  | { type: "pollFailed" }
  | { type: "reset" };

export const initialFollowJobState: FollowJobState<never> = {
  job: null,
  transport: "idle",
  pollFailures: 0,
};

/**
 * Following one job: a started job is followed by its stream, then by polling if the stream
 * fails; a view that is not newer changes nothing (a finished job never moves backwards); the
 * view that ends it stops following.
 */
export function followJobReducer<T extends { id: string }>(
  kind: Pick<FollowedJob<T>, "ended" | "merge">,
  state: FollowJobState<T>,
  event: FollowJobEvent<T>,
): FollowJobState<T> {
  switch (event.type) {
    case "started":
      return { job: event.job, transport: kind.ended(event.job) ? "idle" : "sse", pollFailures: 0 };
    case "update": {
      const current = state.job;
      const job = current ? kind.merge(current, event.job) : event.job;
      if (job === current) return state;
      return { job, transport: kind.ended(job) ? "idle" : state.transport, pollFailures: 0 };
    }
    case "sseFailed":
      return state.job && kind.ended(state.job) ? state : { ...state, transport: "poll" };
    case "pollFailed":
      return { ...state, pollFailures: state.pollFailures + 1 };
    case "reset":
      return initialFollowJobState;
  }
}

/** What a follow loop tells its owner. */
export interface FollowListener<T> {
  /** A view of the job arrived. */
  view(job: T): void;
  /** The stream failed (it is closed), or one poll failed (polling goes on). */
  failed(): void;
}

/**
 * Follows job `id` through its server-sent events: `view` for each readable event, until one
 * shows the job ended (the stream is closed then). After the server's reconnect notice (it shuts
 * down, or the stream's time is up) the browser reconnects by itself; any other error closes the
 * stream and calls `failed`, unless the job had ended. Without EventSource (old browsers)
 * `failed` is called at once. Returns the close.
 */
export function streamJob<T extends { id: string }>(
  kind: FollowedJob<T>,
  id: string,
  on: FollowListener<T>,
): () => void {
  if (typeof EventSource === "undefined") {
    on.failed();
    return () => undefined;
  }
  const source = new EventSource(kind.eventsUrl(id));
  let done = false;
  const reconnecting = announcedEnd(source);
  source.addEventListener(kind.event, (event) => {
    const job = kind.parse((event as MessageEvent<string>).data);
    if (!job) return;
    on.view(job);
    if (kind.ended(job)) {
      done = true;
      source.close();
    }
  });
  source.onerror = () => {
    if (reconnecting()) return;
    source.close();
    if (!done) on.failed();
  };
  return () => source.close();
}

/**
 * Asks for job `id` every `everyMs` (the first time after one interval) until an answer shows it
 * ended: `view` for each answer, `failed` for each failed ask (it keeps asking). Returns the stop,
 * which also abandons an answer still on its way.
 */
export function pollJob<T extends { id: string }>(
  kind: FollowedJob<T>,
  id: string,
  on: FollowListener<T>,
  everyMs = POLL_MS,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const job = await kind.fetch(id, controller.signal);
      on.view(job);
      if (kind.ended(job)) return;
    } catch {
      if (controller.signal.aborted) return;
      on.failed();
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void tick(), everyMs);
  };
  timer = setTimeout(() => void tick(), everyMs);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/** What the owner of a followed job hears. */
export interface FollowJobCallbacks<T> {
  /** Each view as it arrives (before `finished`), e.g. to mark what it makes stale. */
  view?(job: T): void;
  /** Once per job, when a view shows it ended. */
  finished(job: T): void;
}

/**
 * Follows one job of `kind` at a time: through its server-sent events, reconnecting when the
 * server ends the stream with its reconnect notice; when the stream fails (proxy, network), by
 * asking for it every 2 s instead, until it ends. `reconnecting` is true after two failed asks
 * in a row. Both stop, and their stream or timer goes, when the job ends, another is followed,
 * or the component unmounts.
 */
export function useFollowJob<T extends { id: string }>(
  kind: FollowedJob<T>,
  callbacks: FollowJobCallbacks<T>,
) {
  const [state, dispatch] = useReducer(
    (s: FollowJobState<T>, e: FollowJobEvent<T>) => followJobReducer(kind, s, e),
    initialFollowJobState as FollowJobState<T>,
  );
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });
  const reported = useRef<string | null>(null);
  const report = useCallback(
    (job: T) => {
      if (!kind.ended(job) || reported.current === job.id) return;
      reported.current = job.id;
      callbacksRef.current.finished(job);
    },
    [kind],
  );

  /** A view from anywhere (the stream, a poll, or an answer such as a cancel's). */
  const update = useCallback(
    (job: T) => {
      dispatch({ type: "update", job });
      callbacksRef.current.view?.(job);
      report(job);
    },
    [report],
  );

  const id = state.job?.id ?? null;
  const active = state.job !== null && !kind.ended(state.job);
  const { transport } = state;

  useEffect(() => {
    if (!id || !active || transport !== "sse") return;
    return streamJob(kind, id, { view: update, failed: () => dispatch({ type: "sseFailed" }) });
  }, [kind, id, active, transport, update]);

  useEffect(() => {
    if (!id || !active || transport !== "poll") return;
    return pollJob(kind, id, { view: update, failed: () => dispatch({ type: "pollFailed" }) });
  }, [kind, id, active, transport, update]);

  /**
   * Follows `job` (just started, or found again after a reload). One that has ended already is
   * announced (`finished`) unless `announceEnded` is false: shown again, it is not news.
   */
  const follow = useCallback(
    (job: T, opts: { announceEnded?: boolean } = {}) => {
      reported.current = null;
      dispatch({ type: "started", job });
      if (opts.announceEnded !== false) report(job);
      else if (kind.ended(job)) reported.current = job.id;
    },
    [kind, report],
  );
  const reset = useCallback(() => dispatch({ type: "reset" }), []);

  return {
    job: state.job,
    reconnecting: state.pollFailures >= 2,
    follow,
    update,
    reset,
  };
}
