import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type {
  HealthCheckCode,
  HealthCheckResult,
  HealthCheckStep,
  HealthDetail,
  HealthResponse,
  ReadinessResponse,
} from "@rupa/shared";
import type { AppContext } from "../../context";
import type { HealthService } from "./health.types";

async function timed(fn: () => Promise<unknown>, timeoutMs = 3000) {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: "ok" as const, latencyMs: Math.round(performance.now() - start) };
  } catch (e) {
    return {
      status: "error" as const,
      latencyMs: Math.round(performance.now() - start),
      detail: e instanceof Error ? e.message : String(e),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** One shared answer per `ttlMs`: callers in between get the same promise; `clear` forgets it. */
function memo<T>(ttlMs: number, fn: () => Promise<T>): (() => Promise<T>) & { clear(): void } {
  let at = 0;
  let value: Promise<T> | undefined;
  const get = () => {
    if (!value || Date.now() - at >= ttlMs) {
      at = Date.now();
      value = fn();
    }
    return value;
  };
  return Object.assign(get, {
    clear: () => {
      value = undefined;
    },
  });
}

/** What a health-check step found: its code and values for the page, and in English. */
interface StepFound {
  code: HealthCheckCode;
  params: Record<string, string | number>;
  detail: string;
}

/** A health-check step's known failure: its code for the page, its English message. */
class StepFailure extends Error {
  constructor(
    readonly code: HealthCheckCode,
    message: string,
  ) {
    super(message);
  }
}

/** An error's message, for a health check's detail. */
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const EVENT_LOOP_WINDOW_MS = 60_000;
let loop: { histogram: ReturnType<typeof monitorEventLoopDelay>; since: number } | undefined;
/** This process's event-loop delay, measured in windows of a minute (one monitor per process). */
function eventLoop(): HealthDetail["eventLoop"] {
  if (!loop) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    loop = { histogram, since: Date.now() };
    const l = loop;
    setInterval(() => {
      l.histogram.reset();
      l.since = Date.now();
    }, EVENT_LOOP_WINDOW_MS).unref();
  }
  const h = loop.histogram;
  const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
  return {
    p50Ms: h.count ? ms(h.percentile(50)) : 0,
    p99Ms: h.count ? ms(h.percentile(99)) : 0,
    maxMs: h.count ? ms(h.max) : 0,
    windowSeconds: Math.round((Date.now() - loop.since) / 1000),
  };
}

/** The throwaway account of the registration step: under `.invalid`, never mailed (RFC 2606). */
export const HEALTH_CHECK_EMAIL_DOMAIN = "health-check.rupa.invalid";

/**
 * /api/health. Everyone gets liveness (the database answers), from a copy at most 2 s old, so
 * a load balancer or an attacker polling it costs one query per 2 s. Admins get each component
 * probed (the storage probe writes and reads a small object, so the details are a copy at most
 * 10 s old) and the event-loop delay.
 */
export function createHealthService(ctxOf: () => AppContext): HealthService {
  eventLoop();

  const databaseAnswers = memo(2000, async (): Promise<HealthResponse> => {
    const ctx = ctxOf();
    const db = await timed(() => ctx.db.executeSql("SELECT 1 AS ok", []));
    return { status: db.status === "ok" ? "healthy" : "degraded" };
  });
  /** Shutting down: degraded at once, without probing a database that is about to close. */
  const liveness = async (): Promise<HealthResponse> =>
    ctxOf().drain.draining ? { status: "degraded" } : databaseAnswers();

  /** The database, storage and queue probed together (readiness and the admin's components). */
  const coreProbes = () => {
    const ctx = ctxOf();
    return Promise.all([
      timed(() => ctx.db.executeSql("SELECT 1 AS ok", [])),
      timed(() => ctx.storage.check()),
      timed(() => ctx.queue.check()),
    ]);
  };

  /**
   * What readiness needs, probed together at most every 5 s (storage writes and reads a small
   * object, so a load balancer polling every second costs one probe per 5 s).
   */
  const readinessProbes = memo(5000, async () => {
    const [database, storage, queue] = await coreProbes();
    return { database: database.status, storage: storage.status, queue: queue.status };
  });
  const readiness = async (): Promise<ReadinessResponse> => {
    if (ctxOf().drain.draining) return { status: "not_ready", shuttingDown: true };
    const checks = await readinessProbes();
    // Shutdown may have begun while the probes ran.
    const shuttingDown = ctxOf().drain.draining;
    const ok = !shuttingDown && Object.values(checks).every((s) => s === "ok");
    return { status: ok ? "ready" : "not_ready", shuttingDown, checks };
  };
  /** better-auth answers: its context is built and it reads its tables (an unknown e-mail). */
  const authCheck = async () => {
    const auth = await ctxOf().auth.$context;
    await auth.internalAdapter.findUserByEmail(`nobody@${HEALTH_CHECK_EMAIL_DOMAIN}`);
  };

  const components = memo(10_000, async () => {
    const ctx = ctxOf();
    const provider = await ctx.services.providers.forService("avatar_generation");
    const [[database, storage, queue], prov, auth] = await Promise.all([
      coreProbes(),
      timed(() => provider.check()),
      timed(authCheck),
    ]);
    return {
      database: { ...database, driver: ctx.db.driver },
      storage: { ...storage, driver: ctx.storage.driver },
      queue: { ...queue, role: ctx.queue.role },
      provider: { ...prov, name: provider.name, model: provider.model },
      auth,
    };
  });

  /**
   * The comprehensive health check's steps (admin System page), each run for real when asked:
   * nothing is memoized. `headers` are the asking admin's (the auth step reads their session).
   * A step answers what it found as a code and its values (the page translates them) and in
   * English; a known failure throws a StepFailure with its code.
   */
  const steps: Record<HealthCheckStep, (headers: Headers) => Promise<StepFound>> = {
    async functions() {
      const ctx = ctxOf();
      await ctx.queue.check();
      const provider = await ctx.services.providers.forService("avatar_generation");
      await provider.check();
      return {
        code: "functions_answer",
        params: { queueRole: ctx.queue.role, provider: provider.name },
        detail: `Queue (${ctx.queue.role}) and generation provider ${provider.name} answer`,
      };
    },
    async database() {
      const ctx = ctxOf();
      const r = await ctx.db.executeSql("SELECT count(*)::int AS n FROM users", []);
      const n = Number((r.rows[0] as { n?: unknown } | undefined)?.n ?? 0);
      return {
        code: "database_answers",
        params: { driver: ctx.db.driver, users: n },
        detail: `${ctx.db.driver} answers (${n} users)`,
      };
    },
    async auth(headers) {
      await authCheck();
      const actor = await ctxOf().services.auth.actor(headers);
      if (actor?.role !== "admin")
        throw new StepFailure("session_role_unreadable", "The session's role could not be read");
      return { code: "sessions_read", params: {}, detail: "Sessions and roles are read" };
    },
    async registration() {
      const ctx = ctxOf();
      const email = `check-${randomBytes(6).toString("hex")}@${HEALTH_CHECK_EMAIL_DOMAIN}`;
      const accounts = ctx.services.accounts;
      try {
        await ctx.auth.api.signUpEmail({
          body: {
            name: "Health check",
            email,
            password: randomBytes(18).toString("base64url"),
            preferredLanguage: "en",
          },
        });
        const user = await accounts.findByEmail(email);
        if (!user) throw new StepFailure("account_not_stored", "The new account was not stored");
        if (!user.referralCode)
          throw new StepFailure("account_no_referral_code", "The new account has no referral code");
      } finally {
        // Leaves no user behind, whatever happened above.
        const user = await accounts.findByEmail(email);
        if (user) await accounts.deleteUser(user.id);
      }
      if (await accounts.findByEmail(email))
        throw new StepFailure("account_not_removed", "The test account was not removed");
      return {
        code: "account_round_trip",
        params: {},
        detail: "An account was created, read back and removed",
      };
    },
    async styles() {
      const list = await ctxOf().services.stylesRepo.listActive("featured", "en");
      if (list.length === 0) throw new StepFailure("no_active_styles", "No active styles");
      return {
        code: "styles_load",
        params: { count: list.length },
        detail: `${list.length} active styles load`,
      };
    },
    async storage() {
      const ctx = ctxOf();
      await ctx.storage.check();
      return {
        code: "storage_round_trip",
        params: { driver: ctx.storage.driver },
        detail: `${ctx.storage.driver} storage writes, reads and deletes`,
      };
    },
  };

  return {
    liveness,
    readiness,
    /** Forget the memoized answers (the admin's Clear Cache). */
    clear(): void {
      databaseAnswers.clear();
      readinessProbes.clear();
      components.clear();
    },
    /** The four components of the admin System page (from the same memoized probes). */
    async components() {
      const c = await components();
      return { database: c.database, storage: c.storage, queue: c.queue, auth: c.auth };
    },
    async runStep(step: HealthCheckStep, headers: Headers): Promise<HealthCheckResult> {
      const start = performance.now();
      const ms = () => Math.round(performance.now() - start);
      try {
        const found = await steps[step](headers);
        return { step, status: "success", ...found, ms: ms() };
      } catch (e) {
        const detail = messageOf(e);
        // docs/product/admin.md (system): a missing registration function ("does not exist") has
        // its own message.
        const code: HealthCheckCode =
          e instanceof StepFailure
            ? e.code
            : step === "registration" && /does not exist/i.test(detail)
              ? "registration_function_missing"
              : "failed";
        return { step, status: "error", code, params: {}, detail, ms: ms() };
      }
    },
    async detail(): Promise<HealthDetail> {
      const ctx = ctxOf();
      const c = await components();
      const checks = {
        database: c.database,
        storage: c.storage,
        queue: c.queue,
        provider: c.provider,
      };
      // The provider is reported, not required: the API stays up when an AI service is down.
      const healthy =
        !ctx.drain.draining &&
        [checks.database, checks.storage, checks.queue].every((c) => c.status === "ok");
      return {
        status: healthy ? "healthy" : "degraded",
        version: ctx.version,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
        checks,
        eventLoop: eventLoop(),
      };
    },
  };
}
