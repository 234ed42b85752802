import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../src/db/schema";
import type { TestServer } from "./harness";

type MailRow = typeof mailOutbox.$inferSelect;

/** The newest mail in the server's outbox to `to` (of `kind` when given), if there is one. */
export async function latestMail(
  t: TestServer,
  to: string,
  kind?: string,
): Promise<MailRow | undefined> {
  const [m] = await t.ctx.db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return m;
}

/**
 * Mail sent by a job arrives a moment after the answer: the newest one to `to` of `kind` that
 * `ok` accepts, waited for up to 10 seconds.
 */
export async function mailArrives(
  t: TestServer,
  to: string,
  kind: string,
  ok: (m: MailRow) => boolean = () => true,
): Promise<MailRow> {
  for (let i = 0; i < 200; i++) {
    const m = await latestMail(t, to, kind);
    if (m && ok(m)) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** The first link in a mail's text. */
export const linkIn = (mail: { textBody: string }): URL =>
  new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]);
