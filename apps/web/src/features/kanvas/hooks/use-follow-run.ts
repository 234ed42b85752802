import type { KanvasRun } from "@rupa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import * as routes from "@rupa/shared/route-table";
import { routeUrl } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { announcedEnd } from "@/lib/stream-reconnect";
import { fetchKanvasRun, parseRunEvent } from "../api/kanvas";
import { isRunActive, mergeRun } from "../lib/run-state";

const POLL_MS = 2000;

type Transport = "sse" | "poll" | "idle";

/**
 * Follows one Kanvas run through server-sent events (`run` events; reconnecting when the server
 * ends the stream with its reconnect notice: it shuts down); when the stream fails it
 * polls GET /api/kanvas/runs/:id every 2 s instead, until the run is done or cancelled. Every
 * new picture makes the gallery and the history stale, so both show it.
 */
export function useFollowRun(onFinished: (run: KanvasRun) => void) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<KanvasRun | null>(null);
  const [transport, setTransport] = useState<Transport>("idle");
  const [pollFailures, setPollFailures] = useState(0);
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    finishedRef.current = onFinished;
  }, [onFinished]);
  const reported = useRef<string | null>(null);
  const seenImages = useRef(0);

  const update = useCallback(
    (next: KanvasRun) => {
      setRun((current) => mergeRun(current, next));
      setPollFailures(0);
      const images = next.pictures.filter((p) => p.image).length;
      if (images > seenImages.current) {
        seenImages.current = images;
        void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
      }
      if (!isRunActive(next) && reported.current !== next.id) {
        reported.current = next.id;
        setTransport("idle");
        void queryClient.invalidateQueries({ queryKey: queryKeys.kanvas.runs });
        finishedRef.current(next);
      }
    },
    [queryClient],
  );

  const id = run?.id ?? null;
  const active = isRunActive(run);

  useEffect(() => {
    if (!id || !active || transport !== "sse") return;
    const source = new EventSource(routeUrl(routes.kanvasEvents, { params: { id } }));
    let done = false;
    const reconnecting = announcedEnd(source);
    source.addEventListener("run", (event) => {
      const next = parseRunEvent((event as MessageEvent<string>).data);
      if (!next) return;
      update(next);
      if (!isRunActive(next)) {
        done = true;
        source.close();
      }
    });
    source.onerror = () => {
      if (reconnecting()) return;
      source.close();
      if (!done) setTransport("poll");
    };
    return () => source.close();
  }, [id, active, transport, update]);

  useEffect(() => {
    if (!id || !active || transport !== "poll") return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const next = await fetchKanvasRun(id, controller.signal);
        update(next);
        if (!isRunActive(next)) return;
      } catch {
        if (controller.signal.aborted) return;
        setPollFailures((n) => n + 1);
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, active, transport, update]);

  /** Follows `started` (just made, or found still running after a reload). */
  const follow = useCallback((started: KanvasRun) => {
    reported.current = null;
    seenImages.current = started.pictures.filter((p) => p.image).length;
    setRun(started);
    setPollFailures(0);
    // Without EventSource (old browsers) it polls from the start.
    setTransport(
      !isRunActive(started) ? "idle" : typeof EventSource === "undefined" ? "poll" : "sse",
    );
    if (!isRunActive(started)) reported.current = started.id;
  }, []);
  const clear = useCallback(() => {
    setRun(null);
    setTransport("idle");
  }, []);

  return { run, follow, update, clear, reconnecting: pollFailures >= 2 };
}
