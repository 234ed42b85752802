import PgBoss from "pg-boss";
import type { Logger } from "../../lib/logger";
import type { DatabaseHandle } from "../db/client";
import { oneAtATime } from "../db/migrate";

export type Role = "all" | "api" | "worker";

/**
 * A queue's name that carries the type of its jobs' payload, so `send` and a handler agree on
 * it at compile time. Still a plain string at run time (logs, pg-boss, tests compare it).
 */
export type JobName<T extends object = object> = string & { readonly __payload?: T };

/** Declares a queue by name with its payload type: `defineJob<{ id: string }>("my-job")`. */
export function defineJob<T extends object = Record<string, never>>(name: string): JobName<T> {
  return name;
}

/** One job a handler receives. */
export interface QueueJob<T extends object = object> {
  id: string;
  name: string;
  data: T;
}

/** How one job is sent (the subset of pg-boss's options Rupa uses). */
export interface SendOptions {
  /** A deterministic id (a uuid): a second send with the same id is ignored. */
  id?: string;
  /** Seconds before it may run. */
  startAfter?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  singletonKey?: string;
  priority?: number;
}

/** Where a job stands in the queue. */
export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** A job's state and, once a worker has taken it, when that was. */
export interface JobInfo {
  state: JobState;
  /** When a worker last took it (it is `active` since then), or null if none has. */
  startedAt: Date | null;
}

export interface JobDefinition<T extends object = object> {
  name: JobName<T>;
  /** Cron (in `timezone`) for recurring jobs. */
  schedule?: { cron: string; timezone: string };
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** Handlers of this queue running at once in this process (default: WORKER_CONCURRENCY). */
  workers?: number;
  handler: (jobs: QueueJob<T>[]) => Promise<void>;
  /**
   * In-process work repeated every `seconds` in each process that runs workers (cron runs at
   * most once a minute): one run at a time, stopped with the queue.
   */
  tick?: { seconds: number; run: () => Promise<void> };
}

/** Sending and looking up jobs: what services and workers need (fakes implement just this). */
export interface QueueOps {
  send<T extends object>(
    name: JobName<T>,
    data: NoInfer<T>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Many jobs in one statement. */
  sendMany<T extends object>(
    name: JobName<T>,
    jobs: { data: NoInfer<T>; singletonKey?: string; priority?: number }[],
  ): Promise<void>;
  /**
   * The state of the job with this id and when a worker took it, or null when there is none
   * (never sent, or archived).
   */
  jobInfo(name: JobName, id: string): Promise<JobInfo | null>;
  /** Removes the job with this id (so a job with the same id can be sent again). */
  deleteJob(name: JobName, id: string): Promise<void>;
}

/** The queue as the composition root sees it: typed operations, never the pg-boss instance. */
export interface Queue extends QueueOps {
  readonly role: Role;
  /** Works a named queue in this process (and schedules it, with `schedule`). */
  register<T extends object>(def: JobDefinition<T>): void;
  /** Jobs of a queue not finished yet (waiting, retrying or running), in every process. */
  unfinished(name: JobName): Promise<number>;
  start(): Promise<void>;
  check(): Promise<void>;
  /**
   * Stops taking jobs at once and waits up to `timeoutMs` (default 10 s) for the running ones.
   * A job still running then is released (failed, so pg-boss retries it elsewhere if it has
   * tries left) and its late result is dropped: nothing is completed twice.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
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
  const dispatchers: Dispatcher[] = [];
  /** This process's poller per queue: a job sent here is picked up at once, not at the next tick. */
  const pollers = new Map<string, Dispatcher>();
  let started = false;

  return {
    role,
    register(def) {
      if (started) throw new Error("Register jobs before the queue starts");
      defs.push(def as unknown as JobDefinition);
    },
    async start() {
      // pg-boss creates (or upgrades) its schema and our queues as it starts: processes starting
      // together on one database take turns, or they collide on CREATE SCHEMA.
      await oneAtATime(handle, "queue", async () => {
        await boss.start();
        for (const def of defs)
          await boss.createQueue(def.name, {
            name: def.name,
            retryLimit: def.retryLimit ?? 2,
            retryDelay: def.retryDelaySeconds ?? 5,
            retryBackoff: def.retryBackoff ?? true,
            expireInSeconds: def.expireInSeconds ?? 15 * 60,
          });
      });
      started = true;
      for (const def of defs) {
        if (!runsWorkers) continue;
        if (def.schedule) {
          await boss.schedule(def.name, def.schedule.cron, {}, { tz: def.schedule.timezone });
        }
        const dispatcher = createDispatcher(boss, def, def.workers ?? concurrency, log);
        dispatchers.push(dispatcher);
        pollers.set(def.name, dispatcher);
        if (def.tick) dispatchers.push(createTicker(def.name, def.tick, log));
      }
      log.info({ role, jobs: defs.map((d) => d.name) }, "queue started");
    },
    async unfinished(name) {
      return (await boss.getQueueSize(name, { before: "completed" })) ?? 0;
    },
    async jobInfo(name, id) {
      const job = await boss.getJobById(name, id);
      return job ? { state: job.state, startedAt: job.startedOn ?? null } : null;
    },
    async deleteJob(name, id) {
      await boss.deleteJob(name, id);
    },
    async send(name, data, options) {
      const id = await boss.send(name, data, options ?? {});
      pollers.get(name)?.wake();
      return id;
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((j) => ({
          name,
          data: j.data,
          singletonKey: j.singletonKey,
          priority: j.priority,
        })),
      );
      pollers.get(name)?.wake();
    },
    async check() {
      await handle.executeSql("SELECT version FROM pgboss.version", []);
      if (!started) throw new Error("queue not started");
    },
    async stop(opts) {
      if (!started) return;
      started = false;
      const timeoutMs = opts?.timeoutMs ?? 10_000;
      // Stop taking jobs, let running ones finish (bounded), release the rest, then stop
      // pg-boss (our jobs are fetched, not pg-boss workers': it has none of its own to wait for).
      await Promise.all(dispatchers.map((d) => d.stop(timeoutMs)));
      dispatchers.length = 0;
      pollers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
    },
  };
}

interface Dispatcher {
  /** Takes no more work; waits up to `timeoutMs` for the running work (see Queue.stop). */
  stop(timeoutMs: number): Promise<void>;
  /** Look for work now (a job was just sent from this process). */
  wake(): void;
}

/**
 * One poller per queue: it fetches as many jobs as there are free slots (up to `limit`) and runs
 * each on its own, completing or failing it by id. Polling costs one query a second however high
 * the concurrency, where a pg-boss worker per slot would poll once per slot (and, on PGlite,
 * saturate the one database thread).
 */
function createDispatcher(
  boss: PgBoss,
  def: JobDefinition,
  limit: number,
  log: Logger,
): Dispatcher {
  /** Running jobs by id. */
  const running = new Map<string, Promise<void>>();
  /** Jobs given back at the stop's deadline: whatever their handler does later is dropped. */
  const released = new Set<string>();
  let stopped = false;
  /** The poll under way, if any (a stop waits for it, so a job it fetches is counted). */
  let polled: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  /** A wake-up that came during a poll: poll once more when it ends. */
  let again = false;

  async function runOne(job: PgBoss.Job<object>) {
    try {
      await def.handler([{ id: job.id, name: job.name, data: job.data }]);
      if (released.has(job.id)) return;
      await boss.complete(def.name, job.id);
    } catch (err) {
      if (released.has(job.id)) return;
      log.warn({ err, job: def.name, id: job.id }, "job failed; pg-boss will retry it if it can");
      await boss
        .fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) })
        .catch((e: unknown) => log.error({ err: e }, "could not mark a job failed"));
    }
  }

  function poll(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (polling) {
      again = true;
      return polled ?? Promise.resolve();
    }
    polling = true;
    polled = fetchAndRun();
    return polled;
  }

  async function fetchAndRun(): Promise<void> {
    try {
      const free = limit - running.size;
      if (free <= 0) return;
      const jobs = await boss.fetch<object>(def.name, { batchSize: free });
      for (const job of jobs) {
        const p = runOne(job).finally(() => {
          running.delete(job.id);
          // A slot freed: look for more work now rather than at the next tick.
          if (!stopped) void poll();
        });
        running.set(job.id, p);
      }
    } catch (err) {
      if (!stopped) log.error({ err, job: def.name }, "job fetch failed");
    } finally {
      polling = false;
      if (again) {
        again = false;
        void poll();
      }
    }
  }

  const loop = () => {
    timer = setTimeout(() => {
      void poll().finally(() => {
        if (!stopped) loop();
      });
    }, 1000);
  };
  void poll();
  loop();

  return {
    wake: () => void poll(),
    async stop(timeoutMs) {
      stopped = true;
      clearTimeout(timer);
      let timeout: NodeJS.Timeout | undefined;
      const deadline = new Promise<"deadline">((r) => {
        timeout = setTimeout(() => r("deadline"), timeoutMs);
      });
      try {
        // A fetch under way finishes first: the jobs it takes are waited for like the others.
        await Promise.race([polled, deadline]);
        await Promise.race([Promise.allSettled([...running.values()]), deadline]);
      } finally {
        clearTimeout(timeout);
      }
      // Still running at the deadline: give them back rather than hold them until they expire.
      // (A generation's attempt also stops its heartbeat when the process exits, and the sweeper
      // takes its row over: see job-lifecycle.ts.)
      for (const id of running.keys()) {
        released.add(id);
        log.warn(
          { job: def.name, id },
          "job still running at shutdown; released for another worker",
        );
        await boss
          .fail(def.name, id, { message: "the worker stopped before the job finished" })
          .catch((err: unknown) =>
            log.error({ err, job: def.name, id }, "could not release a job"),
          );
      }
    },
  };
}

/** `tick.run` every `tick.seconds`, never two at once; stop waits (bounded) for a running one. */
function createTicker(
  name: string,
  tick: { seconds: number; run: () => Promise<void> },
  log: Logger,
): Dispatcher {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = tick
      .run()
      .catch((err: unknown) => log.warn({ err, job: name }, "periodic job step failed"))
      .finally(() => (running = undefined));
  }, tick.seconds * 1000);
  return {
    wake: () => undefined,
    async stop(timeoutMs) {
      clearInterval(timer);
      const deadline = new Promise((r) => setTimeout(r, timeoutMs).unref());
      if (running) await Promise.race([running, deadline]);
    },
  };
}
