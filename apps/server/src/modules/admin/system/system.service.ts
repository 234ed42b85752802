import {
  RECENT_LOG_LINES,
  type ClearCacheResult,
  type HealthCheckResult,
  type HealthCheckStep,
  type LogLine,
  type OptimizeResult,
  type SystemLogs,
  type SystemStatus,
} from "@rupa/shared";
import type { DbDriver, Transactor } from "../../../infra/db/client";
import type { Storage } from "../../../infra/storage/storage";
import { errors } from "../../../lib/errors";
import type { LogRing } from "../../../lib/log-ring";
import type { AuditActor, AuditInput, AuditRepository } from "../../audit/audit.repository";
import type { ComponentCheck, HealthService } from "../../health/health.types";
import type {
  SecurityEventInput,
  SecurityEventsRepository,
} from "../../security/security-events.repository";
import type { SettingsCache } from "../../settings/settings-cache";
import type { AdminSystemRepository } from "./system.repository";

export interface AdminSystemDeps {
  db: Transactor;
  repo: AdminSystemRepository;
  audit: Pick<AuditRepository, "write">;
  security: Pick<SecurityEventsRepository, "recordIn">;
  settingsCache: Pick<SettingsCache, "invalidate">;
  health: Pick<HealthService, "components" | "runStep" | "clear">;
  storage: Pick<Storage, "usage">;
  logRing: LogRing;
  /** Drops the public catalogue's cache and the server-rendered pages built from it. */
  catalogueChanged: () => void;
  driver: DbDriver;
  version: string;
  /** The logger's level: lines below it were never kept. */
  logLevel: string;
  startedAt: number;
  now?: () => number;
}

/** An admin action's records: its audit row and its security event, written together. */
interface AdminActionRecord {
  audit: AuditInput;
  event: SecurityEventInput;
}

/** A masked JSON log line as the page shows it (a line that is not JSON is shown whole). */
export function toLogLine(raw: string): LogLine {
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      time: str(o.time),
      level: str(o.level) ?? "info",
      message: str(o.msg) ?? "",
      raw,
    };
  } catch {
    return { time: null, level: "info", message: raw, raw };
  }
}

/** The admin System section: status, logs, health checks, caches and database upkeep. */
export function createAdminSystemService(d: AdminSystemDeps) {
  const now = d.now ?? (() => Date.now());
  let optimizing = false;

  /** Storage usage walks the store: one walk per 30 s at most. */
  let usage: { at: number; value: Promise<{ objects: number; bytes: number }> } | undefined;
  const storageUsage = () => {
    if (!usage || now() - usage.at > 30_000) {
      const value = d.storage.usage();
      usage = { at: now(), value };
      value.catch(() => (usage = undefined));
    }
    return usage.value;
  };

  /**
   * An admin action that changed nothing in the database: its audit row and its security event,
   * recorded together in their own transaction.
   */
  const recordAction = (r: AdminActionRecord) =>
    d.db.transaction(async (tx) => {
      await d.audit.write(tx, r.audit);
      await d.security.recordIn(tx, r.event);
    });

  const action = (
    actor: AuditActor,
    verb: "cache_cleared" | "database_optimized",
    after: Record<string, unknown>,
  ): AdminActionRecord => ({
    audit: {
      actor,
      action: `system.${verb}` as const,
      entityType: "system" as const,
      entityId: null,
      after,
    },
    event: {
      type: "admin_action" as const,
      actorId: actor.userId,
      from: actor,
      details: { action: `system.${verb}`, ...after },
    },
  });

  return {
    async status(): Promise<SystemStatus> {
      const [components, sizeBytes, tables, queue, storage] = await Promise.all([
        d.health.components(),
        d.repo.databaseSize().catch(() => 0),
        d.repo.tableRows(),
        d.repo.queueDepth(),
        storageUsage().catch(() => ({ objects: 0, bytes: 0 })),
      ]);
      const strip = ({ status, latencyMs, detail }: ComponentCheck) => ({
        status,
        latencyMs,
        ...(detail ? { detail } : {}),
      });
      const all = [components.database, components.storage, components.queue, components.auth];
      const mem = process.memoryUsage();
      return {
        status:
          components.database.status === "error"
            ? "error"
            : all.some((c) => c.status === "error")
              ? "warning"
              : "healthy",
        version: d.version,
        components: {
          database: strip(components.database),
          storage: strip(components.storage),
          queue: strip(components.queue),
          auth: strip(components.auth),
        },
        stats: {
          database: { driver: d.driver, sizeBytes },
          tables,
          queue,
          storage,
          uptimeSeconds: Math.round((now() - d.startedAt) / 1000),
          memory: {
            rssBytes: mem.rss,
            heapUsedBytes: mem.heapUsed,
            heapTotalBytes: mem.heapTotal,
          },
        },
        generatedAt: new Date(now()).toISOString(),
      };
    },

    logs(): SystemLogs {
      return { lines: d.logRing.lines(RECENT_LOG_LINES).map(toLogLine), kept: d.logRing.size };
    },

    /** Every kept line, for the download: a `#` header, then one JSON line per line. */
    exportLogs(): string {
      const lines = d.logRing.lines();
      const header = [
        `# Rupa ${d.version} server log, exported ${new Date(now()).toISOString()}`,
        `# ${lines.length} recent lines at level ${d.logLevel} or above (e-mail addresses and secrets masked)`,
      ];
      return `${[...header, ...lines].join("\n")}\n`;
    },

    runHealthStep(step: HealthCheckStep, headers: Headers): Promise<HealthCheckResult> {
      return d.health.runStep(step, headers);
    },

    async clearCache(actor: AuditActor): Promise<ClearCacheResult> {
      d.catalogueChanged();
      d.health.clear();
      d.settingsCache.invalidate();
      usage = undefined;
      const cleared: ClearCacheResult["cleared"] = [
        "catalogue",
        "rendered_pages",
        "health",
        "settings",
      ];
      await recordAction(action(actor, "cache_cleared", { cleared }));
      return { cleared };
    },

    async optimizeDatabase(actor: AuditActor): Promise<OptimizeResult> {
      if (optimizing)
        throw errors.conflict("optimize_in_progress", "The database is being optimized already");
      optimizing = true;
      try {
        const sizeBeforeBytes = await d.repo.databaseSize().catch(() => 0);
        const start = performance.now();
        await d.repo.vacuumAnalyze();
        const ms = Math.round(performance.now() - start);
        const sizeAfterBytes = await d.repo.databaseSize().catch(() => 0);
        await recordAction(
          action(actor, "database_optimized", { ms, sizeBeforeBytes, sizeAfterBytes }),
        );
        return { ms, sizeBeforeBytes, sizeAfterBytes };
      } finally {
        optimizing = false;
      }
    },
  };
}
export type AdminSystemService = ReturnType<typeof createAdminSystemService>;
