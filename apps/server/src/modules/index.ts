import { accountModule } from "./account/account.module";
import { accountExportModule } from "./account-export/account-export.module";
import { adminModule } from "./admin/admin.module";
import { authModule } from "./auth/auth.module";
import { customProfessionModule } from "./custom-profession/custom-profession.module";
import { devModule } from "./dev/dev.module";
import { docsModule } from "./docs/docs.module";
import { feedbackModule } from "./feedback/feedback.module";
import { filesModule } from "./files/files.module";
import { galleryModule } from "./gallery/gallery.module";
import { generationsModule } from "./generations/generations.module";
import { guestsModule } from "./guests/guests.module";
import { healthModule } from "./health/health.module";
import { kanvasModule } from "./kanvas/kanvas.module";
import { metricsModule } from "./metrics/metrics.module";
import type { ServerModule } from "./module";
import { pasFotoModule } from "./pas-foto/pas-foto.module";
import { paymentSimulatorModule } from "./payment-simulator/payment-simulator.module";
import { paymentsModule } from "./payments/payments.module";
import { privacyModule } from "./privacy/privacy.module";
import { referralsModule } from "./referrals/referrals.module";
import { seoModule } from "./seo/seo.module";
import { stylesModule } from "./styles/styles.module";
import { uploadsModule } from "./uploads/uploads.module";
import { webhooksModule } from "./webhooks/webhooks.module";

/**
 * Every feature of the server, in the order its routes are mounted (app.ts) and its jobs
 * registered (bootstrap.ts registerJobs). A new feature adds its `<feature>.module.ts` and one
 * line here (ADR 033).
 */
export const serverModules: readonly ServerModule[] = [
  healthModule,
  metricsModule,
  docsModule,
  filesModule,
  authModule,
  accountModule,
  accountExportModule,
  adminModule,
  stylesModule,
  feedbackModule,
  referralsModule,
  privacyModule,
  uploadsModule,
  guestsModule,
  generationsModule,
  webhooksModule,
  galleryModule,
  pasFotoModule,
  kanvasModule,
  customProfessionModule,
  paymentsModule,
  paymentSimulatorModule,
  devModule,
  seoModule,
];
