import type { SettingKey } from "@rupa/shared";
import type { ChangeBus } from "../../infra/db/change-bus";
import type { SettingsRepository } from "./settings.repository";

/** How long a read setting is reused: other processes see an admin's change within this. */
export const SETTINGS_CACHE_MS = 5000;

/**
 * Settings read on hot paths (every API request: the API limit), from memory for at most
 * SETTINGS_CACHE_MS. A save through this process calls `invalidate`, so it is in force from the
 * next request here, and, over the change `bus`, on every other process at once (without a bus,
 * or if a notice is lost, within the TTL). A failed read is not cached.
 */
export function createSettingsCache(
  repo: Pick<SettingsRepository, "get">,
  {
    ttlMs = SETTINGS_CACHE_MS,
    now = Date.now,
    bus,
  }: { ttlMs?: number; now?: () => number; bus?: ChangeBus } = {},
) {
  const entries = new Map<SettingKey, { at: number; value: Promise<string> }>();
  let generation = 0;

  function get(key: SettingKey): Promise<string> {
    const e = entries.get(key);
    if (e && now() - e.at < ttlMs) return e.value;
    const gen = generation;
    const value = repo.get(key);
    const entry = { at: now(), value };
    entries.set(key, entry);
    value.catch(() => {
      if (gen === generation && entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  function clear() {
    generation++;
    entries.clear();
  }
  bus?.subscribe("settings", (_payload, fromPeer) => {
    if (fromPeer) clear();
  });

  return {
    get,
    async getInt(key: SettingKey): Promise<number> {
      return Number.parseInt(await get(key), 10);
    },
    async getBool(key: SettingKey): Promise<boolean> {
      return (await get(key)) === "true";
    },
    /** Forget every cached value (after a save, or the admin's Clear Cache). */
    invalidate(): void {
      clear();
      bus?.publish("settings");
    },
  };
}
export type SettingsCache = ReturnType<typeof createSettingsCache>;
