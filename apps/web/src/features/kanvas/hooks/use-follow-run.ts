import type { KanvasRun } from "@rupa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import * as routes from "@rupa/shared/route-table";
import { routeUrl } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { type FollowedJob, useFollowJob } from "@/lib/use-follow-job";
import { fetchKanvasRun, parseRunEvent } from "../api/kanvas";
import { isRunActive, mergeRun } from "../lib/run-state";

/** A Kanvas run as the shared follow loop sees it: `run` events, GET /api/kanvas/runs/:id. */
const runJob: FollowedJob<KanvasRun> = {
  eventsUrl: (id) => routeUrl(routes.kanvasEvents, { params: { id } }),
  event: "run",
  parse: parseRunEvent,
  fetch: fetchKanvasRun,
  ended: (run) => !isRunActive(run),
  merge: mergeRun,
};

/**
 * Follows one Kanvas run (lib/use-follow-job.ts: server-sent events, polling when the stream
 * fails) until it is done or cancelled. Every new picture makes the gallery stale, and the end
 * the history, so both show it. A run found already ended (after a reload) is shown without
 * being announced again.
 */
export function useFollowRun(onFinished: (run: KanvasRun) => void) {
  const queryClient = useQueryClient();
  const seenImages = useRef(0);
  const job = useFollowJob(runJob, {
    view(next) {
      const images = next.pictures.filter((p) => p.image).length;
      if (images > seenImages.current) {
        seenImages.current = images;
        void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
      }
    },
    finished(run) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.kanvas.runs });
      onFinished(run);
    },
  });

  /** Follows `started` (just made, or found still running after a reload). */
  const { follow: followJob } = job;
  const follow = useCallback(
    (started: KanvasRun) => {
      seenImages.current = started.pictures.filter((p) => p.image).length;
      followJob(started, { announceEnded: false });
    },
    [followJob],
  );

  return { run: job.job, follow, update: job.update, reconnecting: job.reconnecting };
}
