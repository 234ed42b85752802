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
 * Embedded default: mail is written to the `mail_outbox` table (listed on /dev/mailbox). The log
 * gets one line per mail without its body or recipient (bodies carry one-time links). In
 * development, `print` (the console, outside the structured log) also shows the message with its
 * link, so a newcomer can confirm locally without opening the mailbox.
 */
export function createOutboxMailer(
  db: Database,
  log: Logger,
  print?: (line: string) => void,
): Mailer {
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
      log.info({ mail: m.kind }, "mail kept in the outbox");
      print?.(`mail (outbox) to ${m.to}: ${m.subject}\n${m.text}`);
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
