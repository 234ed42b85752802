import { defineJob } from "../../infra/queue/queue";

/**
 * Mail about an account, sent by a job after the request has been answered (issue 33): the
 * password-reset link (its request answers alike, in the same time, for a registered and an
 * unknown address) and the owner's notice of repeated failed sign-ins. The job looks the address
 * up; an unknown one gets nothing.
 */
export interface AccountMail {
  kind: "password-reset" | "sign-in-failures";
  email: string;
}

export const ACCOUNT_MAIL_JOB = defineJob<AccountMail>("account-mail");
