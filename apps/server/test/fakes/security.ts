import type {
  SecurityEventInput,
  SecurityEventsRepository,
} from "../../src/modules/security/security-events.repository";

/** Security events in memory: `events` in the order recorded, in a transaction or not. */
export function fakeSecurityEvents() {
  const events: SecurityEventInput[] = [];
  const security: Pick<SecurityEventsRepository, "record" | "recordIn"> & {
    events: SecurityEventInput[];
  } = {
    events,
    record(e) {
      events.push(e);
      return Promise.resolve();
    },
    recordIn(_tx, e) {
      events.push(e);
      return Promise.resolve();
    },
  };
  return security;
}
