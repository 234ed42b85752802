import {
  DATA_REQUEST_LIMIT_HOURS,
  toLanguage,
  type BreachNotice,
  type BreachWindow,
  type DataRequest,
  type DataRequestsPage,
  type DataRequestsQuery,
  type SendBreachNotice,
} from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import { breachNoticeMail } from "../../../infra/mail/templates";
import type { MailMessage } from "../../../infra/mail/mailer";
import { defineJob, type QueueOps } from "../../../infra/queue/queue";
import type { Clock } from "../../../lib/clock";
import { errors } from "../../../lib/errors";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type {
  BreachNoticeRow,
  DataRequestRow,
  DataRequestsRepository,
} from "./data-requests.repository";

/** One breach notice's mail to one member: queued per member, so a retry sends only theirs. */
export const BREACH_NOTICE_MAIL_JOB = defineJob<{ noticeId: string; userId: string }>(
  "breach-notice-mail",
);

/** A notice for the same window within this long is taken for a second press of Send. */
const DUPLICATE_MS = 60 * 60 * 1000;
const HOUR_MS = 3_600_000;
const round1 = (hours: number) => Math.round(hours * 10) / 10;

function requestView(r: DataRequestRow, now: Date): DataRequest {
  const due = new Date(r.requestedAt.getTime() + DATA_REQUEST_LIMIT_HOURS * HOUR_MS);
  const end = r.fulfilledAt ?? r.failedAt;
  const open = r.state === "open" || r.state === "overdue";
  return {
    id: `${r.kind}:${r.id}`,
    kind: r.kind,
    requestedAt: r.requestedAt.toISOString(),
    fulfilledAt: r.fulfilledAt?.toISOString() ?? null,
    dueAt: due.toISOString(),
    state: r.state,
    hoursTaken: end ? round1((end.getTime() - r.requestedAt.getTime()) / HOUR_MS) : null,
    hoursLeft: open ? round1((due.getTime() - now.getTime()) / HOUR_MS) : null,
    member: r.userId && r.email ? { id: r.userId, email: r.email } : null,
    guest: r.guest,
  };
}

function noticeView(n: BreachNoticeRow): BreachNotice {
  return {
    id: n.id,
    actor: { id: n.actorId, email: n.actorEmail },
    windowFrom: n.windowFrom.toISOString(),
    windowTo: n.windowTo.toISOString(),
    messageId: n.messageId,
    messageEn: n.messageEn,
    recipientCount: n.recipientCount,
    createdAt: n.createdAt.toISOString(),
  };
}

/**
 * admin › Keamanan › Permintaan data (docs/product/privacy.md, "Data requests and breach
 * notices"; ADR 046): the members' data requests against the 72-hour limit, and breach notices,
 * each recorded with its audit row in one transaction and mailed to every member affected.
 */
export function createDataRequestsService(d: {
  db: Transactor;
  repo: DataRequestsRepository;
  audit: Pick<AuditRepository, "write">;
  queue: Pick<QueueOps, "sendMany"> & { unfinished: (name: string) => Promise<number> };
  send: (mail: MailMessage) => Promise<void>;
  publicUrl: string;
  clock: Pick<Clock, "now">;
}) {
  const now = () => new Date(d.clock.now());

  return {
    async list(q: DataRequestsQuery): Promise<DataRequestsPage> {
      const at = now();
      const [{ rows, total }, summary] = await Promise.all([
        d.repo.list(q, at),
        d.repo.summary(at),
      ]);
      return {
        items: rows.map((r) => requestView(r, at)),
        total,
        page: q.page,
        pageSize: q.pageSize,
        summary,
      };
    },

    async preview(w: BreachWindow) {
      return { recipients: await d.repo.countAffected(new Date(w.windowTo)) };
    },

    /**
     * Records the notice and its audit row (window and count, never an address) in one
     * transaction, then queues one mail per member affected. `confirm` must be the count the
     * admin was shown: when members joined meanwhile, the admin looks again (409).
     */
    async send(b: SendBreachNotice, actor: AuditActor): Promise<BreachNotice> {
      const windowFrom = new Date(b.windowFrom);
      const windowTo = new Date(b.windowTo);
      const { notice, recipients } = await d.db.transaction(async (tx) => {
        const since = new Date(now().getTime() - DUPLICATE_MS);
        if (await d.repo.sameWindowSince(tx, windowFrom, windowTo, since))
          throw errors.conflict(
            "breach_notice_duplicate",
            "A notice for this window was sent in the last hour",
          );
        const recipients = await d.repo.affected(tx, windowTo);
        if (recipients.length !== b.confirm)
          throw errors.conflict(
            "breach_count_changed",
            `The notice would now go to ${recipients.length} members, not ${b.confirm}: look again`,
          );
        const notice = await d.repo.insertNotice(tx, {
          actorId: actor.userId,
          windowFrom,
          windowTo,
          messageId: b.messageId,
          messageEn: b.messageEn,
          recipientCount: recipients.length,
        });
        await d.audit.write(tx, {
          actor,
          action: "breach_notice.sent",
          entityType: "breach_notice",
          entityId: notice.id,
          after: {
            windowFrom: windowFrom.toISOString(),
            windowTo: windowTo.toISOString(),
            recipientCount: recipients.length,
          },
        });
        return { notice, recipients };
      });
      await d.queue.sendMany(
        BREACH_NOTICE_MAIL_JOB,
        recipients.map((r) => ({ data: { noticeId: notice.id, userId: r.id } })),
      );
      return noticeView(notice);
    },

    async notices(page: number) {
      const pageSize = 20;
      const [{ rows, total }, mailsQueued] = await Promise.all([
        d.repo.notices(page, pageSize),
        d.queue.unfinished(BREACH_NOTICE_MAIL_JOB).catch(() => null),
      ]);
      return { items: rows.map(noticeView), total, page, pageSize, mailsQueued };
    },

    /** The queued mail of one notice to one member, in their language (gone: nothing to send). */
    async mailNotice(noticeId: string, userId: string): Promise<void> {
      const [notice, member] = await Promise.all([
        d.repo.notice(noticeId),
        d.repo.recipient(userId),
      ]);
      if (!notice || !member) return;
      const lang = toLanguage(member.language);
      await d.send(
        breachNoticeMail(lang, member.email, {
          message: lang === "en" ? notice.messageEn : notice.messageId,
          windowFrom: notice.windowFrom,
          windowTo: notice.windowTo,
          url: `${d.publicUrl}/feedback`,
        }),
      );
    },
  };
}
export type DataRequestsService = ReturnType<typeof createDataRequestsService>;
