import type { JobDefinition } from "../infra/queue/queue";
import { ACCOUNT_MAIL_JOB, type AccountMail } from "../modules/auth/account-mail";
import type { AuthService } from "../modules/auth/auth.service";

/** Queue adapter over the auth service's account mail (modules/auth/account-mail.ts). */
export function accountMailJob(
  auth: Pick<AuthService, "sendAccountMail">,
): JobDefinition<AccountMail> {
  return {
    name: ACCOUNT_MAIL_JOB,
    // A mail server that is down gets a few more tries; each reset try makes a fresh link.
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    handler: async (jobs) => {
      for (const job of jobs) await auth.sendAccountMail(job.data);
    },
  };
}
