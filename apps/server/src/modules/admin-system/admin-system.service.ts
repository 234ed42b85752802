import {
  RECENT_LOG_LINES,
  type ClearCacheResult,
  type HealthCheckResult,
  type HealthCheckStep,
  type LogLine,
  type OptimizeResult,
  type SecurityEventsQuery,
  type SecurityOverview,
  type SecuritySettings,
  type SettingKey,
  type SystemLogs,
  type SystemStatus,
} from "@rupa/shared";
import type { DbDriver, Transactor, Tx } from "../../infra/db/client";
import type { Storage } from "../../infra/storage/storage";
import { errors } from "../../lib/errors";
import type { LogRing } from "../../lib/log-ring";
import type { AuditActor, AuditInput, AuditRepository } from "../audit/audit.repository";
import type { HealthService } from "../health/health.types";
import type {
  SecurityEventInput,
  SecurityEventsRepository,
} from "../security/security-events.repository";
import type { SettingsCache } from "../settings/settings-cache";
import type { SettingsRepository } from "../settings/settings.repository";
import { settingsChange } from "../settings/settings.rules";
import type { AdminSystemRepository } from "./admin-system.repository";

type Component = { status: "ok" | "error"; latencyMs: number; detail?: string };

export interface AdminSystemDeps {
  db: Transactor;
  repo: AdminSystemRepository;
  audit: Pick<AuditRepository, "write">;
  security: Pick<SecurityEventsRepository, "last24h" | "list" | "recordIn">;
  settings: Pick<SettingsRepository, "getMany" | "setInTx" | "lockMany">;
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
  /** NODE_ENV is production. */
  production: boolean;
  /** Whether the payment simulator takes payments here now (it hands out credits for free). */
  simulatorSelling: () => Promise<boolean>;
  startedAt: number;
  now?: () => number;
}

/** The settings of the Security page and the app settings that hold them. */
const SECURITY_KEYS = {
  rateLimitEnabled: "rate_limit_api_enabled",
  apiRequestsPerHour: "rate_limit_api_per_hour",
  emailVerificationRequired: "email_verification_required",
  suspiciousActivityDetection: "suspicious_activity_detection",
} as const satisfies Record<keyof SecuritySettings, SettingKey>;

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

/** The admin System and Security sections. */
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

  async function securitySettings(): Promise<SecuritySettings> {
    const s = await d.settings.getMany(Object.values(SECURITY_KEYS));
    return {
      rateLimitEnabled: s.rate_limit_api_enabled === "true",
      apiRequestsPerHour: Number.parseInt(s.rate_limit_api_per_hour, 10),
      emailVerificationRequired: s.email_verification_required === "true",
      suspiciousActivityDetection: s.suspicious_activity_detection === "true",
    };
  }

  /** An admin action's audit row and security event, in `tx`. */
  async function record(tx: Tx, r: AdminActionRecord): Promise<void> {
    await d.audit.write(tx, r.audit);
    await d.security.recordIn(tx, r.event);
  }

  /** An admin action that changed nothing in the database, recorded in its own transaction. */
  const recordAction = (r: AdminActionRecord) => d.db.transaction((tx) => record(tx, r));

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
      ip: actor.ip,
      userAgent: actor.userAgent,
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
      const strip = ({ status, latencyMs, detail }: Component) => ({
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

    async security(): Promise<SecurityOverview> {
      const [last24h, settings, simulator, selling] = await Promise.all([
        d.security.last24h(),
        securitySettings(),
        d.settings.getMany(["payment_simulator_in_production"]),
        d.simulatorSelling(),
      ]);
      return {
        last24h,
        settings,
        paymentSimulator: {
          allowedInProduction: simulator.payment_simulator_in_production === "true",
          production: d.production,
          selling,
        },
      };
    },

    /** Saves the settings; the change is in force from the next request (cache dropped). */
    async saveSecuritySettings(s: SecuritySettings, actor: AuditActor): Promise<SecuritySettings> {
      const values: Partial<Record<SettingKey, string>> = {
        [SECURITY_KEYS.rateLimitEnabled]: String(s.rateLimitEnabled),
        [SECURITY_KEYS.apiRequestsPerHour]: String(s.apiRequestsPerHour),
        [SECURITY_KEYS.emailVerificationRequired]: String(s.emailVerificationRequired),
        [SECURITY_KEYS.suspiciousActivityDetection]: String(s.suspiciousActivityDetection),
      };
      try {
        await d.db.transaction(async (tx) => {
          const keys = Object.keys(values) as SettingKey[];
          const { before, after } = settingsChange(values, await d.settings.lockMany(tx, keys));
          if (Object.keys(after).length === 0) return;
          for (const key of Object.keys(after) as SettingKey[])
            await d.settings.setInTx(tx, key, after[key]!, actor.userId);
          await record(tx, {
            audit: {
              actor,
              action: "setting.updated",
              entityType: "setting",
              entityId: "security",
              before,
              after,
            },
            event: {
              type: "admin_action",
              severity: "warning",
              actorId: actor.userId,
              ip: actor.ip,
              userAgent: actor.userAgent,
              details: { action: "setting.updated", before, after },
            },
          });
        });
      } finally {
        d.settingsCache.invalidate();
      }
      return securitySettings();
    },

    async events(query: SecurityEventsQuery) {
      const page = await d.security.list(query);
      return { ...page, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type AdminSystemService = ReturnType<typeof createAdminSystemService>;
