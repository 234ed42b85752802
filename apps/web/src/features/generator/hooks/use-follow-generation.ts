import type { Generation } from "@rupa/shared";
import { useQueryClient } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { routeUrl } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { type FollowedJob, useFollowJob } from "@/lib/use-follow-job";
import { fetchGeneration, parseGenerationEvent } from "../api/generations";
import { isFinished, newerGeneration } from "../lib/follow-state";

/** A generation as the shared follow loop sees it: `generation` events, GET /api/generations/:id. */
const generationJob: FollowedJob<Generation> = {
  eventsUrl: (id) => routeUrl(routes.generationsEvents, { params: { id } }),
  event: "generation",
  parse: parseGenerationEvent,
  fetch: fetchGeneration,
  ended: isFinished,
  merge: newerGeneration,
};

/**
 * Follows a generation (lib/use-follow-job.ts: server-sent events, polling when the stream
 * fails). A success makes every cached gallery list stale, so a gallery read moments ago shows
 * the new avatar.
 */
export function useFollowGeneration(onFinished: (generation: Generation) => void) {
  const queryClient = useQueryClient();
  const follow = useFollowJob(generationJob, {
    finished(generation) {
      if (generation.status === "succeeded")
        void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
      onFinished(generation);
    },
  });
  return {
    generation: follow.job,
    reconnecting: follow.reconnecting,
    start: follow.follow,
    reset: follow.reset,
  };
}
