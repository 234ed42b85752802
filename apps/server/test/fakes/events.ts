import type { JobEvents } from "../../src/modules/jobs";

/**
 * The job change notices in memory: `told` lists the ids told in order, and a subscriber is
 * woken as on the change bus.
 */
export function fakeJobEvents() {
  const told: string[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const events: JobEvents = {
    changed(id) {
      told.push(id);
      for (const fn of listeners.get(id) ?? []) fn();
    },
    subscribe(id, fn) {
      const set = listeners.get(id) ?? new Set();
      listeners.set(id, set.add(fn));
      return () => void set.delete(fn);
    },
  };
  return Object.assign(events, { told });
}
