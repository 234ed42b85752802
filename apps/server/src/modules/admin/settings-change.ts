import type { SettingKey } from "@rupa/shared";
import type { Tx } from "../../infra/db/client";
import type { AuditActor, AuditRepository } from "../audit/audit.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import { settingsChange } from "../settings/settings.rules";

export interface SettingsChangeDeps {
  settings: Pick<SettingsRepository, "lockMany" | "setInTx">;
  audit: Pick<AuditRepository, "write">;
}

/**
 * How an admin section saves app settings, in the caller's transaction: the settings' rows are
 * locked, only the values that differ from what is stored are written (settingsChange), and one
 * `setting.updated` audit row says what they were and become, under `entityId` (the page that
 * saved them). Returns that change; empty when nothing differed (no write, no audit row). The
 * caller drops the settings cache after the commit.
 */
export async function writeSettingsChange(
  d: SettingsChangeDeps,
  tx: Tx,
  actor: AuditActor,
  entityId: string,
  values: Partial<Record<SettingKey, string>>,
): Promise<{ before: Record<string, string>; after: Record<string, string> }> {
  const keys = Object.keys(values) as SettingKey[];
  const change = settingsChange(values, await d.settings.lockMany(tx, keys));
  const changed = Object.keys(change.after) as SettingKey[];
  if (changed.length === 0) return change;
  for (const key of changed) await d.settings.setInTx(tx, key, change.after[key]!, actor.userId);
  await d.audit.write(tx, {
    actor,
    action: "setting.updated",
    entityType: "setting",
    entityId,
    before: change.before,
    after: change.after,
  });
  return change;
}
