import { desc, eq, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export function createDevMailboxRepository(db: Database) {
  return {
    /** The newest mails, to one address (any case) when `to` is given. */
    recent: (limit: number, to?: string) =>
      db
        .select()
        .from(mailOutbox)
        .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit),
  };
}
