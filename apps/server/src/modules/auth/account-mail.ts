import { defineJob } from "../../infra/queue/queue";

/**
 * Mail about an account, sent by a job after the request has been answered (issue 33): the
 * password-reset link (its request answers alike, in the same time, for a registered and an
 * unknown address), the owner's notice of repeated failed sign-ins, and the notice that the
 * password was changed while signed in (issue 34). The job looks the address up; an unknown one
 * gets nothing.
 */
export interface AccountMail {
  kind: "password-reset" | "sign-in-failures" | "password-changed";
  email: string;
  /** The origin of the request that asked (its links use it; ADR 035). PUBLIC_URL when absent. */
  origin?: string;
}

export const ACCOUNT_MAIL_JOB = defineJob<AccountMail>("account-mail");
