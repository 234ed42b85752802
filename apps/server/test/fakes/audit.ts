import { undoable } from "./db";
import type { AuditInput, AuditRepository } from "../../src/modules/audit/audit.repository";

/** The audit trail in memory: `rows` in the order written (a failed transaction's taken back). */
export function fakeAudit() {
  const rows: AuditInput[] = [];
  const audit: Pick<AuditRepository, "write"> & { rows: AuditInput[] } = {
    rows,
    write(tx, entry) {
      rows.push(entry);
      undoable(tx, () => void rows.splice(rows.indexOf(entry), 1));
      return Promise.resolve();
    },
  };
  return audit;
}
