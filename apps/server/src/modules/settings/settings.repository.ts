import { settingDefinitions, type SettingKey } from "@rupa/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../infra/db/client";
import { appSettings } from "../../db/schema";

/**
 * App settings (`app_settings`, docs/product/data.md). A stored value that no longer passes its
 * validator is ignored in favour of the default, so one bad edit cannot break a screen.
 */
export function createSettingsRepository(db: Database) {
  function valid(key: SettingKey, value: string | undefined): string {
    const def = settingDefinitions[key];
    return value !== undefined && def.schema.safeParse(value).success ? value : def.default;
  }

  /** Writes a setting inside the caller's transaction (an admin's change and its audit row). */
  async function setInTx(
    tx: Tx | Database,
    key: SettingKey,
    value: string,
    updatedBy: string | null,
  ): Promise<void> {
    await tx
      .insert(appSettings)
      .values({ key, value, updatedBy })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value, updatedBy, updatedAt: sql`now()` },
      });
  }

  return {
    async get(key: SettingKey): Promise<string> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key));
      return valid(key, row?.value);
    },

    async getInt(key: SettingKey): Promise<number> {
      return Number.parseInt(await this.get(key), 10);
    },

    async getMany<K extends SettingKey>(keys: K[]): Promise<Record<K, string>> {
      const rows = await db
        .select({ key: appSettings.key, value: appSettings.value })
        .from(appSettings)
        .where(inArray(appSettings.key, keys));
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return Object.fromEntries(keys.map((k) => [k, valid(k, byKey.get(k))])) as Record<K, string>;
    },

    /**
     * Insert every missing setting with its default (or the given initial value, when it passes
     * the setting's validator); existing values are kept.
     */
    async seedDefaults(initial: Record<string, string> = {}): Promise<void> {
      await db
        .insert(appSettings)
        .values(
          Object.entries(settingDefinitions).map(([key, def]) => {
            const given = initial[key];
            return {
              key,
              value:
                given !== undefined && def.schema.safeParse(given).success ? given : def.default,
            };
          }),
        )
        .onConflictDoNothing({ target: appSettings.key });
    },

    async set(key: SettingKey, value: string, updatedBy: string | null): Promise<void> {
      await setInTx(db, key, value, updatedBy);
    },

    setInTx,

    /** The stored values of these settings, their rows locked until the transaction ends. */
    async lockMany(tx: Tx, keys: readonly SettingKey[]): Promise<Map<string, string>> {
      const rows = await tx
        .select({ key: appSettings.key, value: appSettings.value })
        .from(appSettings)
        .where(inArray(appSettings.key, [...keys]))
        .for("update");
      return new Map(rows.map((r) => [r.key, r.value]));
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
