import type { AccountExportService } from "./modules/account-export/account-export.service";
import type { Context } from "hono";
import type { Env } from "./env";
import type { Auth } from "./infra/auth/better-auth";
import type { Mailer } from "./infra/mail/mailer";
import type { Metrics } from "./infra/metrics/metrics";
import type { AccountService } from "./modules/account/account.service";
import type { AdminServices } from "./modules/admin/admin.services";
import type { AccountRepository } from "./modules/account/account.repository";
import type { HealthService } from "./modules/health/health.types";
import type { ApiLimiter } from "./modules/rate-limit/api-limiter";
import type { SettingsCache } from "./modules/settings/settings-cache";
import type { AuditRepository } from "./modules/audit/audit.repository";
import type { AuthService } from "./modules/auth/auth.service";
import type { CreditsService } from "./modules/credits/credits.service";
import type { createDevMailboxRepository } from "./modules/dev/dev-mailbox.repository";
import type { RateLimiter } from "./modules/rate-limit/rate-limit.service";
import type { SecurityEventsRepository } from "./modules/security/security-events.repository";
import type { SettingsRepository } from "./modules/settings/settings.repository";
import type { FeedbackService } from "./modules/feedback/feedback.service";
import type { ReferralsService } from "./modules/referrals/referrals.service";
import type { StyleEventsService } from "./modules/styles/style-events.service";
import type { StylesRepository } from "./modules/styles/styles.repository";
import type { StylesService } from "./modules/styles/styles.service";
import type { JobEvents } from "./modules/jobs";
import type { GenerationsService } from "./modules/generations/generations.service";
import type { GenerationWorker } from "./modules/generations/generation.worker";
import type { KanvasService } from "./modules/kanvas/kanvas.service";
import type { KanvasWorker } from "./modules/kanvas/kanvas.worker";
import type { GuestsService } from "./modules/guests/guests.service";
import type { PaymentsService } from "./modules/payments/payments.service";
import type { SimulatorService } from "./modules/payment-simulator/simulator.service";
import type { PaymentGateways } from "./infra/payments/gateway";
import type { Loopback } from "./lib/loopback";
import type { PrivacyService } from "./modules/privacy/privacy.service";
import type { UploadsService } from "./modules/uploads/uploads.service";
import type { ProviderRegistry } from "./infra/providers/registry";
import type { GalleryService } from "./modules/gallery/gallery.service";
import type { PasFotoService } from "./modules/pas-foto/pas-foto.service";
import type { CustomProfessionService } from "./modules/custom-profession/custom-profession.service";
import type { PredictionWaiters } from "./infra/providers/remote/replicate-webhook";
import type { DatabaseHandle } from "./infra/db/client";
import type { Queue } from "./infra/queue/queue";
import type { Storage } from "./infra/storage/storage";
import type { Actor } from "./lib/actor";
import type { Drain } from "./lib/drain";
import type { AppEnv } from "./lib/http";
import type { Logger } from "./lib/logger";

/** Everything a module needs, built once at start and passed down (no globals). */
export interface AppContext {
  env: Env;
  log: Logger;
  db: DatabaseHandle;
  storage: Storage;
  queue: Queue;
  mailer: Mailer;
  auth: Auth;
  /** What /metrics serves (docs/production.md, Metrics); does nothing unless METRICS_TOKEN is set. */
  metrics: Metrics;
  version: string;
  startedAt: number;
  /** Begun when the process starts shutting down (readiness fails, event streams end). */
  drain: Drain;
  services: {
    /** Sign-up, sign-in, sessions, confirmation, password reset, Google (modules/auth). */
    auth: AuthService;
    account: AccountService;
    /** "Unduh data saya": the member's data exports (modules/account-export). */
    accountExports: AccountExportService;
    /** One service per admin section, named as the section (modules/admin/admin.services.ts). */
    admin: AdminServices;
    /** /api/health and the admin health checks (one instance: one set of memoized probes). */
    health: HealthService;
    accounts: AccountRepository;
    /** Settings read on hot paths, cached a few seconds and dropped on every save. */
    settingsCache: SettingsCache;
    /** The API-wide limit's counters (shared through the database on PostgreSQL). */
    apiLimiter: ApiLimiter;
    /** The admin audit trail (written by the admin services in their changes' transactions). */
    audit: AuditRepository;
    credits: CreditsService;
    settings: SettingsRepository;
    security: SecurityEventsRepository;
    limiter: RateLimiter;
    devMailbox: ReturnType<typeof createDevMailboxRepository>;
    styles: StylesService;
    stylesRepo: StylesRepository;
    styleEvents: StyleEventsService;
    /** Feedback from the form (the admins' inbox is admin.feedback). */
    feedback: FeedbackService;
    referrals: ReferralsService;
    uploads: UploadsService;
    privacy: PrivacyService;
    guests: GuestsService;
    generations: GenerationsService;
    /** Changes of avatars and Kanvas runs (the job kit): their progress streams wake on them. */
    jobEvents: JobEvents;
    generateWorker: GenerationWorker;
    kanvas: KanvasService;
    kanvasWorker: KanvasWorker;
    providers: ProviderRegistry;
    predictionWaiters: PredictionWaiters;
    gallery: GalleryService;
    /** The free SSCASN pas foto checker (modules/pas-foto). */
    pasFoto: PasFotoService;
    customProfession: CustomProfessionService;
    payments: PaymentsService;
    /** The payment gateways (Midtrans, or the simulator where it is allowed). */
    gateways: PaymentGateways;
    simulator: SimulatorService;
  };
  /** Requests from the server to itself, answered by the app once createApp binds it. */
  loopback: Loopback;
  /** Signs the guest cookie and hashes fingerprints and IPs. */
  guestSecret: string;
  /** The verified actor of a request (session user and current role), resolved once per request. */
  resolveActor: (c: Context<AppEnv>) => Promise<Actor>;
}
