import type {
  SecurityEventsQuery,
  SecurityOverview,
  SecuritySettings,
  SettingKey,
} from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type { SecurityEventsRepository } from "../../security/security-events.repository";
import type { SettingsCache } from "../../settings/settings-cache";
import type { SettingsRepository } from "../../settings/settings.repository";
import { writeSettingsChange } from "../settings-change";

export interface AdminSecurityDeps {
  db: Transactor;
  audit: Pick<AuditRepository, "write">;
  security: Pick<SecurityEventsRepository, "last24h" | "list" | "recordIn">;
  settings: Pick<SettingsRepository, "getMany" | "setInTx" | "lockMany">;
  settingsCache: Pick<SettingsCache, "invalidate">;
  /** NODE_ENV is production. */
  production: boolean;
  /** Whether the payment simulator takes payments here now (it hands out credits for free). */
  simulatorSelling: () => Promise<boolean>;
}

/** The settings of the Security page and the app settings that hold them. */
const SECURITY_KEYS = {
  rateLimitEnabled: "rate_limit_api_enabled",
  apiRequestsPerHour: "rate_limit_api_per_hour",
  emailVerificationRequired: "email_verification_required",
  suspiciousActivityDetection: "suspicious_activity_detection",
} as const satisfies Record<keyof SecuritySettings, SettingKey>;

/**
 * The admin Security section: the last day's events, the security settings (each change with its
 * audit row and its security event, in one transaction) and the events' list.
 */
export function createAdminSecurityService(d: AdminSecurityDeps) {
  async function securitySettings(): Promise<SecuritySettings> {
    const s = await d.settings.getMany(Object.values(SECURITY_KEYS));
    return {
      rateLimitEnabled: s.rate_limit_api_enabled === "true",
      apiRequestsPerHour: Number.parseInt(s.rate_limit_api_per_hour, 10),
      emailVerificationRequired: s.email_verification_required === "true",
      suspiciousActivityDetection: s.suspicious_activity_detection === "true",
    };
  }

  return {
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
          const { before, after } = await writeSettingsChange(d, tx, actor, "security", values);
          if (Object.keys(after).length === 0) return;
          await d.security.recordIn(tx, {
            type: "admin_action",
            severity: "warning",
            actorId: actor.userId,
            from: actor,
            details: { action: "setting.updated", before, after },
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
export type AdminSecurityService = ReturnType<typeof createAdminSecurityService>;
