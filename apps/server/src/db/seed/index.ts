import { AI_SERVICES } from "@rupa/shared";
import { aiModelConfigs } from "../schema";
import { createSettingsRepository } from "../../modules/settings/settings.repository";
import { CATALOGUE } from "./catalogue.data";
import { createCustomProfessionRepository } from "../../modules/custom-profession/custom-profession.repository";
import { createStylesRepository } from "../../modules/styles/styles.repository";
import type { Database } from "../../infra/db/client";

/**
 * Idempotent seed run at every start: default app settings (docs/product/data.md), the style
 * catalogue (by slug; preview images are drawn by the style-previews job) and, for each AI service
 * with no configuration at all, an active entry for the built-in local renderer. Existing rows are
 * never overwritten, so admins' edits survive restarts.
 */
export async function seedDatabase(
  db: Database,
  initialSettings: Record<string, string> = {},
): Promise<void> {
  await createSettingsRepository(db).seedDefaults(initialSettings);
  await createStylesRepository(db).seedCatalogue(CATALOGUE);
  await createCustomProfessionRepository(db).seedDefaults();
  const existing = await db.select({ service: aiModelConfigs.serviceName }).from(aiModelConfigs);
  const configured = new Set(existing.map((r) => r.service));
  const missing = AI_SERVICES.filter((s) => !configured.has(s));
  if (missing.length > 0) {
    await db.insert(aiModelConfigs).values(
      missing.map((serviceName) => ({
        serviceName,
        apiProvider: "local",
        modelName: "rupa-local-v1",
        apiEndpoint: "",
        configData: {},
        isActive: true,
      })),
    );
  }
}
