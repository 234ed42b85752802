import PgBoss from "pg-boss";
import type { Logger } from "../../lib/logger";
import type { DatabaseHandle } from "../db/client";

export type Role = "all" | "api" | "worker";

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Cron (in `timezone`) for recurring jobs. */
  schedule?: { cron: string; timezone: string };
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  batchSize?: number;
  /** Handlers of this queue running at once in this process (default: WORKER_CONCURRENCY). */
  workers?: number;
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>;
}

export interface Queue {
  readonly role: Role;
  readonly boss: PgBoss;
  register<T extends object>(def: JobDefinition<T>): void;
  start(): Promise<void>;
  send<T extends object>(
    name: string,
    data: T,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Many jobs in one statement. */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; singletonKey?: string; priority?: number }[],
  ): Promise<void>;
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss over the same database as everything else (PGlite in-process or PostgreSQL). Every
 * role can send jobs; only `all` and `worker` run handlers, schedules and maintenance.
 */
export function createQueue(
  handle: DatabaseHandle,
  role: Role,
  log: Logger,
  concurrency = 4,
): Queue {
  const runsWorkers = role !== "api";
  const boss = new PgBoss({
    db: {
      executeSql: handle.executeSql as (
        text: string,
        values?: unknown[],
      ) => Promise<{ rows: never[] }>,
    },
    schema: "pgboss",
    supervise: runsWorkers,
    schedule: runsWorkers,
    migrate: true,
  });
  boss.on("error", (err) => log.error({ err }, "queue error"));
  const defs: JobDefinition[] = [];
  let started = false;

  return {
    role,
    boss,
    register(def) {
      if (started) throw new Error("Register jobs before the queue starts");
      defs.push(def as unknown as JobDefinition);
    },
    async start() {
      await boss.start();
      started = true;
      for (const def of defs) {
        await boss.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retryLimit ?? 2,
          retryDelay: def.retryDelaySeconds ?? 5,
          retryBackoff: def.retryBackoff ?? true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        });
        if (!runsWorkers) continue;
        if (def.schedule) {
          await boss.schedule(def.name, def.schedule.cron, {}, { tz: def.schedule.timezone });
        }
        for (let i = 0; i < (def.workers ?? concurrency); i++) {
          await boss.work(
            def.name,
            { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: 1 },
            (jobs) => def.handler(jobs as PgBoss.Job<object>[]),
          );
        }
      }
      log.info({ role, jobs: defs.map((d) => d.name) }, "queue started");
    },
    send: (name, data, options) => boss.send(name, data, options ?? {}),
    async sendMany(name, jobs) {
      if (jobs.length > 0)
        await boss.insert(
          jobs.map((j) => ({
            name,
            data: j.data,
            singletonKey: j.singletonKey,
            priority: j.priority,
          })),
        );
    },
    async check() {
      await handle.executeSql("SELECT version FROM pgboss.version", []);
      if (!started) throw new Error("queue not started");
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
