import type { JobDefinition } from "../infra/queue/queue";
import {
  BREACH_NOTICE_MAIL_JOB,
  type DataRequestsService,
} from "../modules/admin/security/data-requests.service";

/**
 * One member's mail of a breach notice (docs/product/privacy.md, "Data requests and breach
 * notices"): a mail server that is down gets a few more tries, for that member only.
 */
export function breachNoticeMailJob(
  dataRequests: Pick<DataRequestsService, "mailNotice">,
): JobDefinition<{ noticeId: string; userId: string }> {
  return {
    name: BREACH_NOTICE_MAIL_JOB,
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: async (jobs) => {
      for (const job of jobs) await dataRequests.mailNotice(job.data.noticeId, job.data.userId);
    },
  };
}
