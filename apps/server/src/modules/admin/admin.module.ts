import { breachNoticeMailJob } from "../../jobs/breach-notice-mail.job";
import { paymentsReconciliationJob } from "../../jobs/payments-reconciliation.job";
import { defineModule } from "../module";
import { adminReconciliationRoutes } from "./payments/reconciliation.routes";
import { adminAiSettingsRoutes } from "./ai-settings/ai-settings.routes";
import { adminAnalyticsRoutes } from "./analytics/analytics.routes";
import { adminAuditRoutes } from "./audit/audit.routes";
import { adminBannedKeywordsRoutes } from "./banned-keywords/banned-keywords.routes";
import { adminCustomProfessionRoutes } from "./custom-profession/custom-profession.routes";
import { adminDashboardRoutes } from "./dashboard/dashboard.routes";
import { adminFeedbackRoutes } from "./feedback/feedback.routes";
import { adminPaymentsRoutes } from "./payments/payments.routes";
import { adminReferralsRoutes } from "./referrals/referrals.routes";
import { adminSecurityRoutes } from "./security/security.routes";
import { adminStylesRoutes } from "./styles/styles.routes";
import { adminSystemRoutes } from "./system/system.routes";
import { adminUploadsRoutes } from "./uploads/uploads.routes";
import { adminUsersRoutes } from "./users/users.routes";

/**
 * The admin panel's API, one folder per section of the admin sidebar (ADMIN_SECTIONS in
 * packages/shared/src/web-pages.ts; the web mirrors it in features/admin/<section>/), in the
 * sidebar's order. Every route is the contract's `admin` access. Its services: admin.services.ts.
 */
export const adminModule = defineModule({
  name: "admin",
  routes: (ctx) => [
    adminDashboardRoutes(ctx),
    adminUsersRoutes(ctx),
    // Before /api/admin/payments/:orderId, which would take "reconciliation" for an order id.
    adminReconciliationRoutes(ctx),
    adminPaymentsRoutes(ctx),
    adminUploadsRoutes(ctx),
    adminStylesRoutes(ctx),
    adminAnalyticsRoutes(ctx),
    adminCustomProfessionRoutes(ctx),
    adminReferralsRoutes(ctx),
    adminAiSettingsRoutes(ctx),
    adminBannedKeywordsRoutes(ctx),
    adminFeedbackRoutes(ctx),
    adminSystemRoutes(ctx),
    adminSecurityRoutes(ctx),
    adminAuditRoutes(ctx),
  ],
  jobs: (ctx, queue) => {
    queue.register(paymentsReconciliationJob(ctx.services.admin.reconciliation, ctx.log));
    queue.register(breachNoticeMailJob(ctx.services.admin.dataRequests));
  },
});
