import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { parseSort, type AdminFeedbackQuery } from "@rupa/shared";
import { feedback, users } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { anyContains } from "../../infra/db/like-pattern";
import { countAll, readPage } from "../../infra/db/page";

/** A feedback as the inbox shows it: the sender's and the handler's e-mails joined. */
export interface FeedbackView {
  row: typeof feedback.$inferSelect;
  userEmail: string | null;
  handledByEmail: string | null;
}

const handler = alias(users, "handler");

export function createFeedbackRepository(db: Database) {
  const view = () =>
    db
      .select({ row: feedback, userEmail: users.email, handledByEmail: handler.email })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .leftJoin(handler, eq(handler.id, feedback.handledBy));

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

    /** The admin inbox: `handled` is status `resolved`; `q` matches text and e-mails. */
    async list(q: AdminFeedbackQuery): Promise<{ items: FeedbackView[]; total: number }> {
      const where: SQL[] = [];
      if (q.type) where.push(eq(feedback.type, q.type));
      if (q.status === "handled") where.push(eq(feedback.status, "resolved"));
      if (q.status === "open") where.push(inArray(feedback.status, ["new", "read"]));
      if (q.q)
        where.push(
          anyContains([feedback.subject, feedback.message, feedback.email, users.email], q.q),
        );
      const cond = and(...where);
      const { direction } = parseSort(q.sort);
      const order = direction === "asc" ? asc(feedback.createdAt) : desc(feedback.createdAt);
      const { rows, total } = await readPage(
        q,
        view().where(cond).orderBy(order, asc(feedback.id)).$dynamic(),
        db
          .select({ n: countAll })
          .from(feedback)
          .leftJoin(users, eq(users.id, feedback.userId))
          .where(cond),
      );
      return { items: rows, total };
    },

    async find(id: string): Promise<FeedbackView | null> {
      const [row] = await view().where(eq(feedback.id, id));
      return row ?? null;
    },

    /** Handled (status resolved, when and by whom) or open again (status read); false: none. */
    async setHandled(tx: Tx, id: string, handled: boolean, by: string): Promise<boolean> {
      const [row] = await tx
        .update(feedback)
        .set(
          handled
            ? { status: "resolved", handledAt: new Date(), handledBy: by }
            : { status: "read", handledAt: null, handledBy: null },
        )
        .where(eq(feedback.id, id))
        .returning({ id: feedback.id });
      return Boolean(row);
    },

    async recent(limit: number) {
      return db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
