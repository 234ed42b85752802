import type { Generation } from "@rupa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef } from "react";
import * as routes from "@rupa/shared/route-table";
import { routeUrl } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { announcedEnd } from "@/lib/stream-reconnect";
import { fetchGeneration, parseGenerationEvent } from "../api/generations";
import { followReducer, initialFollowState, isFinished } from "../lib/follow-state";

const POLL_MS = 2000;

/**
 * Follows a generation through server-sent events (reconnecting when the server ends the stream
 * with its reconnect notice: it shuts down); when the stream fails (proxy, network),
 * it polls GET /api/generations/:id every 2 s instead until the job is done. A success makes
 * every cached gallery list stale, so a gallery read moments ago shows the new avatar.
 */
export function useFollowGeneration(onFinished: (generation: Generation) => void) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(followReducer, initialFollowState);
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    finishedRef.current = onFinished;
  }, [onFinished]);
  const reported = useRef<string | null>(null);
  const report = useCallback(
    (generation: Generation) => {
      if (!isFinished(generation) || reported.current === generation.id) return;
      reported.current = generation.id;
      if (generation.status === "succeeded")
        void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
      finishedRef.current(generation);
    },
    [queryClient],
  );
  const id = state.generation?.id ?? null;
  const finished = isFinished(state.generation);

  useEffect(() => {
    if (!id || finished || state.transport !== "sse") return;
    if (typeof EventSource === "undefined") {
      dispatch({ type: "sseFailed" });
      return;
    }
    const source = new EventSource(routeUrl(routes.generationsEvents, { params: { id } }));
    let done = false;
    const reconnecting = announcedEnd(source);
    source.addEventListener("generation", (event) => {
      const generation = parseGenerationEvent((event as MessageEvent<string>).data);
      if (!generation) return;
      dispatch({ type: "update", generation });
      report(generation);
      if (isFinished(generation)) {
        done = true;
        source.close();
      }
    });
    source.onerror = () => {
      if (reconnecting()) return;
      source.close();
      if (!done) dispatch({ type: "sseFailed" });
    };
    return () => source.close();
  }, [id, finished, state.transport, report]);

  useEffect(() => {
    if (!id || finished || state.transport !== "poll") return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const generation = await fetchGeneration(id, controller.signal);
        dispatch({ type: "update", generation });
        report(generation);
        if (isFinished(generation)) return;
      } catch {
        if (controller.signal.aborted) return;
        dispatch({ type: "pollFailed" });
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, finished, state.transport, report]);

  const start = useCallback(
    (generation: Generation) => {
      dispatch({ type: "started", generation });
      report(generation);
    },
    [report],
  );
  const stop = useCallback(() => dispatch({ type: "stopped" }), []);
  const reset = useCallback(() => dispatch({ type: "reset" }), []);

  return { state, start, stop, reset };
}
