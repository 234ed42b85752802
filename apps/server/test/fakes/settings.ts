import { type SettingKey, settingDefinitions } from "@rupa/shared";
import type { SettingsRepository } from "../../src/modules/settings/settings.repository";

/**
 * The app settings in memory, read as settings.repository.ts reads them: a value missing or no
 * longer valid reads as its default. `values` are the stored values by key (a test sets them).
 */
export function fakeSettings(initial: Partial<Record<SettingKey, string>> = {}) {
  const values = new Map<string, string>(Object.entries(initial));
  const valid = (key: SettingKey) => {
    const v = values.get(key);
    const def = settingDefinitions[key];
    return v !== undefined && def.schema.safeParse(v).success ? v : def.default;
  };
  const settings: SettingsRepository = {
    get: (key) => Promise.resolve(valid(key)),
    getInt: (key) => Promise.resolve(Number.parseInt(valid(key), 10)),
    getMany: (keys) => Promise.resolve(Object.fromEntries(keys.map((k) => [k, valid(k)])) as never),
    seedDefaults(given = {}) {
      for (const [key, def] of Object.entries(settingDefinitions))
        if (!values.has(key))
          values.set(
            key,
            given[key] !== undefined && def.schema.safeParse(given[key]).success
              ? given[key]
              : def.default,
          );
      return Promise.resolve();
    },
    set(key, value) {
      values.set(key, value);
      return Promise.resolve();
    },
    setInTx(_tx, key, value) {
      values.set(key, value);
      return Promise.resolve();
    },
    lockMany: (_tx, keys) =>
      Promise.resolve(
        new Map(keys.flatMap((k) => (values.has(k) ? [[k, values.get(k)!] as const] : []))),
      ),
  };
  return Object.assign(settings, { values });
}
