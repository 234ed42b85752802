import type { AuditInput, AuditRepository } from "../../src/modules/audit/audit.repository";

/** The audit trail in memory: `rows` in the order written. */
export function fakeAudit() {
  const rows: AuditInput[] = [];
  const audit: Pick<AuditRepository, "write"> & { rows: AuditInput[] } = {
    rows,
    write(_tx, entry) {
      rows.push(entry);
      return Promise.resolve();
    },
  };
  return audit;
}
