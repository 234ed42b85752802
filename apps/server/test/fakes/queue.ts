import { randomUUID } from "node:crypto";
import type { JobInfo, JobName, QueueOps, SendOptions } from "../../src/infra/queue/queue";

/**
 * The queue's jobs in memory: `sent` in the order sent, `jobs` the state of each job sent with
 * an id (a test moves it on), `deleted` the ids removed. As with pg-boss, a second send with the
 * id of a job still there is ignored (null).
 */
export function fakeQueue() {
  const sent: { name: string; data: unknown; options?: SendOptions }[] = [];
  const jobs = new Map<string, JobInfo>();
  const deleted: string[] = [];
  const queue: QueueOps = {
    send(name: JobName, data: unknown, options?: SendOptions) {
      if (options?.id && jobs.has(options.id)) return Promise.resolve(null);
      sent.push({ name, data, options });
      if (options?.id) jobs.set(options.id, { state: "created", startedAt: null });
      return Promise.resolve(options?.id ?? randomUUID());
    },
    sendMany(name: JobName, list: { data: unknown }[]) {
      for (const j of list) sent.push({ name, data: j.data });
      return Promise.resolve();
    },
    jobInfo: (_name, id) => Promise.resolve(jobs.get(id) ?? null),
    deleteJob(_name, id) {
      deleted.push(id);
      jobs.delete(id);
      return Promise.resolve();
    },
  };
  return Object.assign(queue, {
    /** The queue answers (what a start checks before it writes). */
    check: () => Promise.resolve(),
    sent,
    jobs,
    deleted,
    /** What was sent to the queue `name`. */
    to: (name: JobName) => sent.filter((s) => s.name === name).map((s) => s.data),
  });
}
