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
  /** Handlers of this queue running at once in this process (default: WORKER_CONCURRENCY). */
  workers?: number;
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>;
  /**
   * In-process work repeated every `seconds` in each process that runs workers (cron runs at
   * most once a minute): one run at a time, stopped with the queue.
   */
  tick?: { seconds: number; run: () => Promise<void> };
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
  const dispatchers: Dispatcher[] = [];
  /** This process's poller per queue: a job sent here is picked up at once, not at the next tick. */
  const pollers = new Map<string, Dispatcher>();
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
        const dispatcher = createDispatcher(boss, def, def.workers ?? concurrency, log);
        dispatchers.push(dispatcher);
        pollers.set(def.name, dispatcher);
        if (def.tick) dispatchers.push(createTicker(def.name, def.tick, log));
      }
      log.info({ role, jobs: defs.map((d) => d.name) }, "queue started");
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
    async stop() {
      if (!started) return;
      started = false;
      // Stop taking jobs, let running ones finish (bounded), then stop pg-boss.
      await Promise.all(dispatchers.map((d) => d.stop(10_000)));
      dispatchers.length = 0;
      pollers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

interface Dispatcher {
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
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  /** A wake-up that came during a poll: poll once more when it ends. */
  let again = false;

  async function runOne(job: PgBoss.Job<object>) {
    try {
      await def.handler([job]);
      await boss.complete(def.name, job.id);
    } catch (err) {
      log.warn({ err, job: def.name, id: job.id }, "job failed; pg-boss will retry it if it can");
      await boss
        .fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) })
        .catch((e: unknown) => log.error({ err: e }, "could not mark a job failed"));
    }
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      const free = limit - running.size;
      if (free <= 0) return;
      const jobs = await boss.fetch<object>(def.name, { batchSize: free });
      for (const job of jobs) {
        const p = runOne(job).finally(() => {
          running.delete(p);
          // A slot freed: look for more work now rather than at the next tick.
          if (!stopped) void poll();
        });
        running.add(p);
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
      const deadline = new Promise((r) => setTimeout(r, timeoutMs).unref());
      await Promise.race([Promise.allSettled([...running]), deadline]);
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
