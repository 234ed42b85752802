import { expect } from "vitest";
import { inTransaction, undoable } from "./db";
import type { AuditInput, AuditRepository } from "../../src/modules/audit/audit.repository";

/**
 * The audit trail in memory: `rows` in the order written (a failed transaction's taken back). A
 * row is written in its change's transaction, or the test fails.
 */
export function fakeAudit() {
  const rows: AuditInput[] = [];
  const audit: Pick<AuditRepository, "write"> & { rows: AuditInput[] } = {
    rows,
    write(tx, entry) {
      expect(inTransaction(tx), "an audit row is written in its change's transaction").toBe(true);
      rows.push(entry);
      undoable(tx, () => void rows.splice(rows.indexOf(entry), 1));
      return Promise.resolve();
    },
  };
  return audit;
}
