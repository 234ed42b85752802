import nodemailer from "nodemailer";
import { mailOutbox } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Database } from "../db/client";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail (confirm-email, reset-password…), for the outbox and logs. */
  kind: string;
}

export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

/**
 * Embedded default: mail is written to the `mail_outbox` table (listed on /dev/mailbox) and the
 * message text, with its link, is printed in the log so a newcomer can confirm locally.
 */
export function createOutboxMailer(db: Database, log: Logger): Mailer {
  return {
    driver: "outbox",
    async send(m) {
      await db.insert(mailOutbox).values({
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html ?? null,
        kind: m.kind,
      });
      log.info({ mail: m.kind, to: m.to, subject: m.subject }, `mail (outbox): ${m.text}`);
    },
  };
}

/** Production: nodemailer over SMTP_URL. Bodies are not kept (they carry one-time links). */
export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: "smtp",
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      log.info({ mail: m.kind }, "mail sent");
    },
  };
}
