import { randomBytes } from "node:crypto";
import type { Env } from "../../env";
import type { MailMessage } from "../../infra/mail/mailer";
import type { Metrics } from "../../infra/metrics/metrics";
import type { DatabaseHandle } from "../../infra/db/client";
import { processPhoto } from "../../infra/images/photo-pipeline";
import type { ProviderRegistry } from "../../infra/providers/registry";
import type { Queue } from "../../infra/queue/queue";
import type { Storage } from "../../infra/storage/storage";
import { type Logger, logRingOf } from "../../lib/logger";
import type { AccountRepository } from "../account/account.repository";
import type { AiConfigsRepository } from "../ai-configs/ai-configs.repository";
import type { AuditRepository } from "../audit/audit.repository";
import type { BannedKeywordsRepository } from "../banned-keywords/banned-keywords.repository";
import type { CreditsService } from "../credits/credits.service";
import type { FeedbackRepository } from "../feedback/feedback.repository";
import type { HealthService } from "../health/health.types";
import type { PaymentsRepository } from "../payments/payments.repository";
import type { PaymentsService } from "../payments/payments.service";
import type { PaymentGateways } from "../../infra/payments/gateway";
import type { Clock } from "../../lib/clock";
import type { ReferralsRepository } from "../referrals/referrals.repository";
import type { ReferralsService } from "../referrals/referrals.service";
import type { SecurityEventsRepository } from "../security/security-events.repository";
import type { SettingsCache } from "../settings/settings-cache";
import type { SettingsRepository } from "../settings/settings.repository";
import { deleteImageSet, storeImageSet } from "../styles/style-previews.worker";
import type { StylesRepository } from "../styles/styles.repository";
import { createAdminAiSettingsService } from "./ai-settings/ai-settings.service";
import { createAdminAnalyticsService } from "./analytics/analytics.service";
import { createAdminAuditService } from "./audit/audit.service";
import { createAdminBannedKeywordsService } from "./banned-keywords/banned-keywords.service";
import { createAdminCustomProfessionRepository } from "./custom-profession/custom-profession.repository";
import { createAdminCustomProfessionService } from "./custom-profession/custom-profession.service";
import { createAdminDashboardRepository } from "./dashboard/dashboard.repository";
import { createAdminDashboardService } from "./dashboard/dashboard.service";
import { createAdminFeedbackService } from "./feedback/feedback.service";
import { createAdminPaymentsRepository } from "./payments/payments.repository";
import { createAdminPaymentsService } from "./payments/payments.service";
import { createAdminReferralsService } from "./referrals/referrals.service";
import { createReconciliationRepository } from "./payments/reconciliation.repository";
import { createReconciliationService } from "./payments/reconciliation.service";
import { createDataRequestsRepository } from "./security/data-requests.repository";
import { createDataRequestsService } from "./security/data-requests.service";
import { createAdminSecurityService } from "./security/security.service";
import { createAdminLikenessQualityRepository } from "./likeness-quality.repository";
import { createAdminStatsRepository } from "./stats.repository";
import { createAdminStylesRepository } from "./styles/styles.repository";
import { createAdminStylesService } from "./styles/styles.service";
import { createAdminSystemRepository } from "./system/system.repository";
import { createAdminSystemService } from "./system/system.service";
import { createAdminUploadsRepository } from "./uploads/uploads.repository";
import { createAdminUploadsService } from "./uploads/uploads.service";
import { createAdminUsersRepository } from "./users/users.repository";
import { createAdminUsersService } from "./users/users.service";

/** What the admin sections use from the rest of the server (built once in bootstrap.ts). */
export interface AdminDeps {
  env: Env;
  log: Logger;
  db: DatabaseHandle;
  storage: Storage;
  queue: Queue;
  version: string;
  /** What /metrics counts (docs/production.md, Metrics). */
  metrics: Metrics;
  /** Every admin change writes its audit row through it, in the change's transaction. */
  audit: AuditRepository;
  accounts: AccountRepository;
  credits: CreditsService;
  security: SecurityEventsRepository;
  settings: SettingsRepository;
  settingsCache: SettingsCache;
  styles: StylesRepository;
  aiConfigs: AiConfigsRepository;
  providers: ProviderRegistry;
  referrals: ReferralsRepository;
  rewards: ReferralsService;
  bannedKeywords: BannedKeywordsRepository;
  feedback: FeedbackRepository;
  health: HealthService;
  /** Creates (when missing) and confirms a user with a password: the auth module's provisioning. */
  ensureConfirmedUser: (email: string, password: string, name: string) => Promise<string>;
  /** Orders (locked and changed in a refund's transaction), the gateways that refund them. */
  orders: PaymentsRepository;
  payments: PaymentsService;
  gateways: PaymentGateways;
  clock: Clock;
  /** Whether the payment simulator takes payments here now (the Security page warns of it). */
  simulatorSelling: () => Promise<boolean>;
  /** The mailer (breach notices, one queued job per member). */
  send: (mail: MailMessage) => Promise<void>;
}

/** Every admin section's service, named as the section is (ADMIN_SECTIONS, ADR 033). */
export function createAdminServices(d: AdminDeps) {
  const db = d.db.db;
  const catalogueChanged = () => d.styles.notifyChanged();
  const stats = createAdminStatsRepository(db);
  const likeness = createAdminLikenessQualityRepository(db);
  const users = createAdminUsersService({
    db,
    env: d.env,
    log: d.log,
    admin: createAdminUsersRepository(db),
    accounts: d.accounts,
    credits: d.credits,
    audit: d.audit,
    security: d.security,
    ensureConfirmedUser: d.ensureConfirmedUser,
    randomPassword: () => randomBytes(12).toString("base64url"),
  });
  return {
    dashboard: createAdminDashboardService({
      stats,
      repo: createAdminDashboardRepository(db),
      health: () => d.health.detail(),
    }),
    users,
    payments: createAdminPaymentsService({
      db,
      repo: createAdminPaymentsRepository(db),
      orders: d.orders,
      credits: d.credits,
      audit: d.audit,
      gateways: d.gateways,
      notice: (order, revoked, manual) => d.payments.sendRefundNotice(order, revoked, manual),
      log: d.log,
      clock: d.clock,
      metrics: d.metrics,
    }),
    uploads: createAdminUploadsService({
      db,
      repo: createAdminUploadsRepository(db),
      audit: d.audit,
      storage: d.storage,
      log: d.log,
    }),
    styles: createAdminStylesService({
      db,
      repo: createAdminStylesRepository(db),
      audit: d.audit,
      catalogueChanged,
      queue: d.queue,
      images: {
        // Type from the bytes, decoded, oriented and re-encoded before it is stored.
        store: async (bytes) => storeImageSet(d.storage, (await processPhoto(bytes)).original),
        remove: (key) => deleteImageSet(d.storage, key),
      },
    }),
    analytics: createAdminAnalyticsService({ stats, likeness }),
    customProfession: createAdminCustomProfessionService({
      db,
      repo: createAdminCustomProfessionRepository(db),
      settings: d.settings,
      audit: d.audit,
    }),
    referrals: createAdminReferralsService({
      referrals: d.referrals,
      rewards: d.rewards,
      settings: d.settings,
      accounts: d.accounts,
      admin: users,
    }),
    aiSettings: createAdminAiSettingsService({
      db,
      configs: d.aiConfigs,
      audit: d.audit,
      providers: d.providers,
      likeness,
      settings: d.settings,
      settingsCache: d.settingsCache,
    }),
    bannedKeywords: createAdminBannedKeywordsService({
      db,
      repo: d.bannedKeywords,
      audit: d.audit,
    }),
    feedback: createAdminFeedbackService({ db, repo: d.feedback, audit: d.audit }),
    system: createAdminSystemService({
      db,
      repo: createAdminSystemRepository(db, d.db.executeSql),
      audit: d.audit,
      security: d.security,
      settingsCache: d.settingsCache,
      health: d.health,
      storage: d.storage,
      logRing: logRingOf(d.log),
      catalogueChanged,
      driver: d.db.driver,
      version: d.version,
      logLevel: d.log.level,
      startedAt: Date.now(),
    }),
    security: createAdminSecurityService({
      db,
      audit: d.audit,
      security: d.security,
      settings: d.settings,
      settingsCache: d.settingsCache,
      production: d.env.NODE_ENV === "production",
      simulatorSelling: d.simulatorSelling,
    }),
    /** admin › Keamanan › Permintaan data: data requests and breach notices. */
    dataRequests: createDataRequestsService({
      db,
      repo: createDataRequestsRepository(db),
      audit: d.audit,
      queue: d.queue,
      send: d.send,
      publicUrl: d.env.PUBLIC_URL,
      clock: d.clock,
    }),
    audit: createAdminAuditService({ audit: d.audit }),
    /** admin › Pembayaran's reconciliation of money against credits (and its daily job). */
    reconciliation: createReconciliationService({
      db,
      repo: createReconciliationRepository(db),
    }),
  };
}
export type AdminServices = ReturnType<typeof createAdminServices>;
