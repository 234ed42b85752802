import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../../lib/logger";

/** The one PostgreSQL channel every Rupa process listens on. */
export const CHANGE_CHANNEL = "rupa_changes";

/**
 * Something changed that other processes must hear of at once: a generation's progress (its SSE
 * followers may be on another API process), a cache that must agree (the catalogue, settings).
 * `fromPeer` is true when the news came from another process.
 */
export type ChangeListener = (payload: string, fromPeer: boolean) => void;

export interface ChangeBus {
  /** Tell this process's listeners now, and every other process's as soon as PostgreSQL says. */
  publish(topic: string, payload?: string): void;
  subscribe(topic: string, fn: ChangeListener): () => void;
  close(): Promise<void>;
  /** "postgres": LISTEN/NOTIFY between processes; "local": this process only (PGlite). */
  readonly reach: "local" | "postgres";
}

interface Notice {
  /** The publishing process (its own notices come back and are skipped). */
  o: string;
  t: string;
  p: string;
}

/**
 * One process only (the embedded database: a PGlite folder belongs to one process): an
 * in-memory emitter.
 */
export function createLocalChangeBus(): ChangeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    reach: "local",
    publish(topic, payload = "") {
      emitter.emit(topic, payload, false);
    },
    subscribe(topic, fn) {
      emitter.on(topic, fn);
      return () => emitter.off(topic, fn);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Every process on one PostgreSQL: a notice is delivered to this process's listeners at once and
 * sent with `pg_notify` through the pool; one dedicated connection per process LISTENs (a pooled
 * connection cannot: it is handed to others). When that connection drops it is opened again
 * (1 s, 2 s… up to 30 s); notices sent meanwhile are lost, which every user of the bus tolerates
 * (SSE streams also poll, caches also expire).
 */
export function createPostgresChangeBus(
  connectionString: string,
  pool: Pick<pg.Pool, "query">,
  log: Pick<Logger, "warn" | "info">,
): ChangeBus {
  const origin = randomUUID();
  const local = createLocalChangeBus();
  // Listeners hear this process's notices from `local` (fromPeer false), peers' from here.
  const peers = new EventEmitter();
  peers.setMaxListeners(0);
  const emit = (topic: string, payload: string) => peers.emit(topic, payload, true);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1000;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString });
    c.on("notification", (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      let notice: Notice;
      try {
        notice = JSON.parse(msg.payload) as Notice;
      } catch {
        return;
      }
      if (notice.o === origin || typeof notice.t !== "string") return;
      emit(notice.t, typeof notice.p === "string" ? notice.p : "");
    });
    c.on("error", (err) => {
      log.warn({ err }, "change bus connection lost");
      reconnect(c);
    });
    c.on("end", () => reconnect(c));
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = c;
    retryMs = 1000;
  }

  function reconnect(dead: pg.Client) {
    if (closed || client !== dead) return;
    client = null;
    void dead.end().catch(() => undefined);
    schedule();
  }

  function schedule() {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().catch((err: unknown) => {
        log.warn({ err }, "change bus could not listen; trying again");
        retryMs = Math.min(30_000, retryMs * 2);
        schedule();
      });
    }, retryMs);
    retryTimer.unref();
  }

  const ready = connect().catch((err: unknown) => {
    log.warn({ err }, "change bus could not listen; trying again");
    schedule();
  });

  return {
    reach: "postgres",
    publish(topic, payload = "") {
      local.publish(topic, payload);
      const notice: Notice = { o: origin, t: topic, p: payload };
      pool
        .query("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify(notice)])
        .catch((err: unknown) => log.warn({ err, topic }, "change notice not sent"));
    },
    subscribe(topic, fn) {
      const offLocal = local.subscribe(topic, fn);
      peers.on(topic, fn);
      return () => {
        offLocal();
        peers.off(topic, fn);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await ready;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
