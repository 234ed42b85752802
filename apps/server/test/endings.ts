/** How each generation ended: its status, attempts, results and refunds (chaos and cluster runs). */
export interface Ending {
  id: string;
  status: string;
  attempts: number;
  results: number;
  /** Refunds of a failed job (credit lots of source `refund`). */
  refunds: number;
  /** Garansi Mirip's refunds (source `likeness_refund`, ADR 038) and the result's verdict. */
  likeness_refunds: number;
  verdict: string | null;
}

/** The query of `Ending`s for the generations `where` selects (a condition on `g`, with $1). */
export function endingsQuery(where: string): string {
  return `SELECT g.id, g.status, g.attempts,
    (SELECT count(*)::int FROM results r WHERE r.job_id = g.id) AS results,
    (SELECT count(*)::int FROM credit_lots l
      WHERE l.refund_of_spend_id = g.spend_id AND l.source = 'refund') AS refunds,
    (SELECT count(*)::int FROM credit_lots l
      WHERE l.refund_of_spend_id = g.spend_id AND l.source = 'likeness_refund') AS likeness_refunds,
    (SELECT r.likeness_verdict FROM results r WHERE r.job_id = g.id) AS verdict
   FROM generation_jobs g WHERE ${where}`;
}

/**
 * Ended exactly once: succeeded with one result and no refund (but Garansi Mirip's one, exactly
 * when its verdict is `refunded`), or failed with one refund and no result.
 */
export function endedOnce(r: Ending): boolean {
  return (
    (r.status === "succeeded" &&
      r.results === 1 &&
      r.refunds === 0 &&
      r.likeness_refunds === (r.verdict === "refunded" ? 1 : 0)) ||
    (r.status === "failed" && r.results === 0 && r.refunds === 1 && r.likeness_refunds === 0)
  );
}
