import { desc } from "drizzle-orm";
import { feedback } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export function createFeedbackRepository(db: Database) {
  return {
    async insert(row: {
      userId: string | null;
      type: string;
      email: string | null;
      subject: string;
      message: string;
    }) {
      const [r] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      return r!.id;
    },
    async recent(limit: number) {
      return db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
