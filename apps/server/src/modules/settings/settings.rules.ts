import { settingDefinitions, type SettingKey } from "@rupa/shared";

/**
 * What saving `values` over the `stored` settings changes: only the settings whose value
 * differs (or that were never stored), as they were and as they become.
 */
export function settingsChange(
  values: Partial<Record<SettingKey, string>>,
  stored: ReadonlyMap<string, string>,
): { before: Record<string, string>; after: Record<string, string> } {
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const [key, next] of Object.entries(values) as [SettingKey, string][]) {
    const prev = stored.get(key) ?? settingDefinitions[key].default;
    if (prev === next && stored.has(key)) continue;
    before[key] = prev;
    after[key] = next;
  }
  return { before, after };
}
