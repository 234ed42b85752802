import type { z } from "zod";
import type { styleEventSchema } from "@rupa/shared";
import type { StylesRepository } from "./styles.repository";

/** Viewed/clicked events come in batches from the browser; unknown or inactive styles are dropped. */
export function createStyleEventsService(repo: StylesRepository) {
  return {
    async record(
      events: z.output<typeof styleEventSchema>[],
      userId: string | null,
    ): Promise<number> {
      const active = await repo.activeIds([...new Set(events.map((e) => e.styleId))]);
      const kept = events.filter((e) => active.has(e.styleId));
      await repo.recordEvents(
        kept.map((e) => ({
          styleId: e.styleId,
          type: e.type,
          section: e.section ?? null,
          userId,
          metadata: e.metadata ?? {},
        })),
      );
      return kept.length;
    },
  };
}
export type StyleEventsService = ReturnType<typeof createStyleEventsService>;
