import { desc } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export function createDevMailboxRepository(db: Database) {
  return {
    recent: (limit: number) =>
      db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit),
  };
}
