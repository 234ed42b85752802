import { type AppContext } from "./context";
import { createActorResolver } from "./middleware/actor";
import { authSecret, createAuth } from "./infra/auth/better-auth";
import { createPaymentGateways, simulatorServerKey } from "./infra/payments/gateway";
import { createLoopback } from "./lib/loopback";
import { systemClock } from "./lib/clock";
import { createPaymentsRepository } from "./modules/payments/payments.repository";
import { createPaymentsService } from "./modules/payments/payments.service";
import { createSimulatorService } from "./modules/payment-simulator/simulator.service";
import { createSimulatorRepository } from "./modules/payment-simulator/simulator.repository";
import { createProviderRegistry } from "./infra/providers/registry";
import { createGalleryRepository } from "./modules/gallery/gallery.repository";
import { createGalleryService } from "./modules/gallery/gallery.service";
import { createPasFotoService } from "./modules/pas-foto/pas-foto.service";
import { createCustomProfessionRepository } from "./modules/custom-profession/custom-profession.repository";
import { createCustomProfessionService } from "./modules/custom-profession/custom-profession.service";
import { createPredictionWaiters } from "./infra/providers/remote/replicate-webhook";
import { createAiConfigsRepository } from "./modules/ai-configs/ai-configs.repository";
import { createBannedKeywordsRepository } from "./modules/banned-keywords/banned-keywords.repository";
import { type ChangeBus, createLocalChangeBus } from "./infra/db/change-bus";
import { createGenerationWorker } from "./modules/generations/generation.worker";
import { imagePostProcessor } from "./infra/images/post-process";
import {
  AVATAR_JOB_KINDS,
  createGenerationsRepository,
} from "./modules/generations/generations.repository";
import { createGenerationsService } from "./modules/generations/generations.service";
import {
  createJobEvents,
  createJobsRepository,
  createResultStore,
  type JobWorkerDeps,
} from "./modules/jobs";
import { createKanvasRepository, KANVAS_JOB_KINDS } from "./modules/kanvas/kanvas.repository";
import { createKanvasService } from "./modules/kanvas/kanvas.service";
import { createKanvasWorker } from "./modules/kanvas/kanvas.worker";
import { createGuestsRepository } from "./modules/guests/guests.repository";
import { createGuestsService } from "./modules/guests/guests.service";
import { createPrivacyRepository } from "./modules/privacy/privacy.repository";
import { createPrivacyService } from "./modules/privacy/privacy.service";
import { createUploadsRepository } from "./modules/uploads/uploads.repository";
import { createUploadsService } from "./modules/uploads/uploads.service";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./infra/mail/mailer";
import { createAccountRepository } from "./modules/account/account.repository";
import { createAccountService } from "./modules/account/account.service";
import { createAccountExportRepository } from "./modules/account-export/account-export.repository";
import { createAccountExportService } from "./modules/account-export/account-export.service";
import { createHealthService } from "./modules/health/health.service";
import { createDrain } from "./lib/drain";
import { createAdminServices } from "./modules/admin/admin.services";
import { serverModules } from "./modules";
import { cleanupJob } from "./jobs/cleanup.job";
import { createApiLimiter } from "./modules/rate-limit/api-limiter";
import { createSettingsCache } from "./modules/settings/settings-cache";
import { createLikenessMeter } from "./infra/images/likeness";
import { createMetrics } from "./infra/metrics/metrics";
import { createMetricsRepository } from "./modules/metrics/metrics.repository";
import { createSuspiciousActivity } from "./modules/security/suspicious-activity";
import { createAuditRepository } from "./modules/audit/audit.repository";
import { type AuthService, createAuthService } from "./modules/auth/auth.service";
import { createSessionActor } from "./modules/auth/session-actor";
import { createSessionsRepository } from "./modules/auth/sessions.repository";
import { createCreditsRepository } from "./modules/credits/credits.repository";
import { createCreditsService } from "./modules/credits/credits.service";
import { createDevMailboxRepository } from "./modules/dev/dev-mailbox.repository";
import { createRateLimitRepository } from "./modules/rate-limit/rate-limit.repository";
import { createRateLimiter } from "./modules/rate-limit/rate-limit.service";
import { createReferralsRepository } from "./modules/referrals/referrals.repository";
import { createSecurityEventsRepository } from "./modules/security/security-events.repository";
import { createSettingsRepository } from "./modules/settings/settings.repository";
import { createFeedbackRepository } from "./modules/feedback/feedback.repository";
import { createFeedbackService } from "./modules/feedback/feedback.service";
import { createReferralsService } from "./modules/referrals/referrals.service";
import { createStyleEventsService } from "./modules/styles/style-events.service";
import { createStylesRepository } from "./modules/styles/styles.repository";
import { createStylesService } from "./modules/styles/styles.service";

/**
 * What a process builds before its context: the context's own infrastructure, and a mailer
 * (built from the environment when absent).
 */
export interface CoreParts
  extends Pick<AppContext, "env" | "log" | "db" | "storage" | "queue" | "version"> {
  mailer?: Mailer;
  /** News other processes must hear at once (in-process when absent). */
  changes?: ChangeBus;
}

/** Builds every repository and service once; the server and the tests wire modules alike. */
export function createAppContext(core: CoreParts): AppContext {
  const { env, log, db } = core;
  const mailer =
    core.mailer ??
    (env.SMTP_URL
      ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, log)
      : createOutboxMailer(
          db.db,
          log,
          // Development only: the link reaches the console, never the production log.
          env.NODE_ENV === "development" ? (line) => process.stdout.write(`${line}\n`) : undefined,
        ));
  const changes = core.changes ?? createLocalChangeBus();
  const metrics = createMetrics({
    enabled: Boolean(env.METRICS_TOKEN),
    sources: createMetricsRepository(db.db),
  });
  const settings = createSettingsRepository(db.db);
  const settingsCache = createSettingsCache(settings, { bus: changes });
  const credits = createCreditsService({ db: db.db, repo: createCreditsRepository(db.db) });
  const accounts = createAccountRepository(db.db);
  const security = createSecurityEventsRepository(db.db);
  const buckets = createRateLimitRepository(db.db);
  const limiter = createRateLimiter(buckets);
  // A catalogue change here drops every process's cached catalogue and rendered pages at once
  // (their version check would notice within a second anyway).
  const stylesRepo = createStylesRepository(db.db, { bus: changes });
  const audit = createAuditRepository(db.db);
  const referrals = createReferralsRepository(db.db);
  const guestSecret = authSecret(env);
  const guestsRepo = createGuestsRepository(db.db);
  const guests = createGuestsService({
    guests: guestsRepo,
    secret: guestSecret,
    ipCap: () => settings.getInt("guest_ip_daily_cap"),
  });
  const privacyRepo = createPrivacyRepository(db.db);
  const uploadsRepo = createUploadsRepository(db.db);
  const uploads = createUploadsService({
    uploads: uploadsRepo,
    storage: core.storage,
    log,
    processingLog: privacyRepo,
  });
  const predictionWaiters = createPredictionWaiters();
  const aiConfigs = createAiConfigsRepository(db.db);
  const bannedRepo = createBannedKeywordsRepository(db.db);
  const feedbackRepo = createFeedbackRepository(db.db);
  const providers = createProviderRegistry(env, aiConfigs, log, predictionWaiters);
  const privacy = createPrivacyService({
    repo: privacyRepo,
    uploads,
    providers,
    ipHash: (ip) => guests.ipHash(ip),
  });
  const jobEvents = createJobEvents(changes);
  const generationsRepo = createGenerationsRepository(db.db);
  // The job kit's rows, one instance per worker's kinds: each claims and sweeps only its own.
  const avatarJobs = createJobsRepository(db.db, AVATAR_JOB_KINDS);
  const kanvasJobs = createJobsRepository(db.db, KANVAS_JOB_KINDS);

  // better-auth calls back into the auth service when an e-mail is confirmed.
  const hooks = {
    onAccountConfirmed: (userId: string) => signIn.onAccountConfirmed(userId),
    onReferredSignUp: (userId: string, code: string) => signIn.onReferredSignUp(userId, code),
    verificationRequired: () => settingsCache.getBool("email_verification_required"),
  };
  const auth = createAuth({ env, db: db.db, mailer, log, hooks });
  const signIn: AuthService = createAuthService({
    env,
    log,
    auth,
    accounts,
    credits,
    referrals,
    security,
    settings,
    limiter,
    switches: settingsCache,
    suspicious: createSuspiciousActivity({
      events: security,
      buckets,
      enabled: () => settingsCache.getBool("suspicious_activity_detection"),
    }),
    secret: authSecret(env),
    queue: core.queue,
    sendMail: (mail) => mailer.send(mail),
    photoConsent: (userId, ip) => privacy.atSignUp(userId, ip),
  });
  const account = createAccountService({
    db: db.db,
    accounts,
    credits,
    security,
    storage: core.storage,
    send: (mail) => mailer.send(mail),
    publicUrl: env.PUBLIC_URL,
    log,
  });
  const accountExports = createAccountExportService({
    db: db.db,
    repo: createAccountExportRepository(db.db),
    storage: core.storage,
    queue: core.queue,
    send: (mail) => mailer.send(mail),
    publicUrl: env.PUBLIC_URL,
    log,
    clock: systemClock,
  });
  // What both paid kinds' services (avatars, Kanvas) check, charge and queue a start with.
  const starterParts = {
    db: db.db,
    credits,
    uploads,
    settings,
    banned: bannedRepo,
    providers,
    queue: core.queue,
    events: jobEvents,
    consent: privacy,
  };
  const generations = createGenerationsService({
    ...starterParts,
    jobs: avatarJobs,
    generations: generationsRepo,
    guests: guestsRepo,
    guestsService: guests,
    styles: stylesRepo,
    referrals,
  });
  const referralsService = createReferralsService({
    db: db.db,
    referrals,
    accounts,
    settings,
    credits,
    audit,
    send: (mail) => mailer.send(mail),
    log,
    publicUrl: env.PUBLIC_URL,
  });
  const customProfessionRepo = createCustomProfessionRepository(db.db);
  // What both job workers are built from, all but their own job rows (the kit's JobWorkerDeps).
  const workerParts = {
    db: db.db,
    credits,
    storage: core.storage,
    images: imagePostProcessor,
    queue: core.queue,
    events: jobEvents,
    log,
    timeoutSeconds: env.GENERATION_TIMEOUT_SECONDS,
    retryBaseSeconds: env.GENERATION_RETRY_BASE_SECONDS,
  } satisfies Omit<JobWorkerDeps, "jobs">;
  const generateWorker = createGenerationWorker({
    ...workerParts,
    jobs: avatarJobs,
    requests: customProfessionRepo,
    generations: generationsRepo,
    uploads: uploadsRepo,
    styles: stylesRepo,
    guests: guestsRepo,
    providers,
    referrals: referralsService,
    likeness: createLikenessMeter(),
    privacy,
    settings: settingsCache,
    metrics,
  });

  const kanvasRepo = createKanvasRepository(db.db);
  const kanvas = createKanvasService({ ...starterParts, kanvas: kanvasRepo, jobs: kanvasJobs });
  const kanvasWorker = createKanvasWorker({
    ...workerParts,
    kanvas: kanvasRepo,
    jobs: kanvasJobs,
    uploads: uploadsRepo,
    providers,
    privacy,
  });

  // Payments (issue 12): Midtrans when its key is set; otherwise the built-in simulator, which
  // hands out credits for free and so answers in production only when an operator allows it.
  const loopback = createLoopback();
  const simulatorKey = simulatorServerKey(guestSecret);
  const gateways = createPaymentGateways({
    midtrans: env.MIDTRANS_SERVER_KEY
      ? {
          serverKey: env.MIDTRANS_SERVER_KEY,
          isProduction: env.MIDTRANS_IS_PRODUCTION,
          snapBaseUrl: env.MIDTRANS_SNAP_URL?.replace(/\/$/, ""),
          coreBaseUrl: env.MIDTRANS_API_URL?.replace(/\/$/, ""),
        }
      : undefined,
    simulator: {
      baseUrl: `${env.PUBLIC_URL}/pay`,
      serverKey: simulatorKey,
      fetch: loopback.fetch,
      allowed: async () =>
        !env.MIDTRANS_SERVER_KEY &&
        (env.NODE_ENV !== "production" ||
          (await settings.get("payment_simulator_in_production")) === "true"),
    },
  });
  const orders = createPaymentsRepository(db.db);
  const payments = createPaymentsService({
    db: db.db,
    metrics,
    payments: orders,
    referrals: referralsService,
    credits,
    settings,
    accounts,
    security,
    gateways,
    send: (mail) => mailer.send(mail),
    log,
    publicUrl: env.PUBLIC_URL,
    clock: systemClock,
  });
  const simulator = createSimulatorService({
    repo: createSimulatorRepository(db.db),
    serverKey: simulatorKey,
    publicUrl: env.PUBLIC_URL,
    fetch: loopback.fetch,
  });

  // One health service (its probes run once the context is built): /api/health, the dashboard's
  // health, and the System page's badges and health check share its memoized answers.
  const health = createHealthService(() => ctx);
  const admin = createAdminServices({
    env,
    log,
    metrics,
    db,
    storage: core.storage,
    queue: core.queue,
    version: core.version,
    audit,
    accounts,
    credits,
    security,
    settings,
    settingsCache,
    styles: stylesRepo,
    aiConfigs,
    providers,
    referrals,
    rewards: referralsService,
    bannedKeywords: bannedRepo,
    feedback: feedbackRepo,
    health,
    ensureConfirmedUser: (email, password, name) =>
      signIn.ensureConfirmedUser(email, password, name),
    simulatorSelling: async () => Boolean(await gateways.byKind("simulator")),
    send: (mail) => mailer.send(mail),
    orders,
    payments,
    gateways,
    clock: systemClock,
  });

  const ctx: AppContext = {
    env,
    log,
    db,
    storage: core.storage,
    queue: core.queue,
    mailer,
    auth,
    metrics,
    version: core.version,
    startedAt: Date.now(),
    drain: createDrain(),
    services: {
      auth: signIn,
      account,
      accountExports,
      admin,
      health,
      accounts,
      settingsCache,
      // Several processes share one PostgreSQL: the API-wide limit counts across all of them
      // (flushed to rate_limit_buckets about once a second, ADR 018); PGlite is one process.
      apiLimiter: createApiLimiter(
        env.DATABASE_URL && db.driver === "postgres" ? { shared: { store: buckets, log } } : {},
      ),
      audit,
      credits,
      settings,
      security,
      limiter,
      devMailbox: createDevMailboxRepository(db.db),
      styles: createStylesService({ db: db.db, styles: stylesRepo, settings }),
      stylesRepo,
      styleEvents: createStyleEventsService(stylesRepo),
      feedback: createFeedbackService({ repo: feedbackRepo }),
      referrals: referralsService,
      uploads,
      privacy,
      guests,
      generations,
      jobEvents,
      generateWorker,
      kanvas,
      kanvasWorker,
      providers,
      predictionWaiters,
      gallery: createGalleryService({
        gallery: createGalleryRepository(db.db),
        storage: core.storage,
        db: db.db,
        credits,
        results: createResultStore({ storage: core.storage, images: imagePostProcessor }),
        log,
      }),
      pasFoto: createPasFotoService(),
      customProfession: createCustomProfessionService({
        repo: customProfessionRepo,
        settings,
        styles: stylesRepo,
        uploads,
        generations,
        consent: privacy,
      }),
      payments,
      gateways,
      simulator,
    },
    loopback,
    guestSecret,
    resolveActor: createActorResolver({
      sessionActor: createSessionActor({
        auth,
        sessions: createSessionsRepository(db.db),
        viaAuth: (headers) => signIn.actor(headers),
      }),
      guestSecret,
      secureCookies: env.PUBLIC_URL.startsWith("https:"),
    }),
  };
  return ctx;
}

/**
 * Every job the product runs, registered on the context's queue (call before queue.start): the
 * hourly clean-up with each module's step, then each module's jobs (modules/index.ts).
 */
export function registerJobs(ctx: AppContext): void {
  const steps = serverModules.flatMap((m) => (m.cleanup ? [m.cleanup(ctx)] : []));
  ctx.queue.register(cleanupJob(ctx.db.db, ctx.log, steps));
  for (const module of serverModules) module.jobs?.(ctx, ctx.queue);
}
