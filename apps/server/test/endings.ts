/** How each generation ended: its status, attempts, results and refunds (chaos and cluster runs). */
export interface Ending {
  id: string;
  status: string;
  attempts: number;
  results: number;
  refunds: number;
}

/** The query of `Ending`s for the generations `where` selects (a condition on `g`, with $1). */
export function endingsQuery(where: string): string {
  return `SELECT g.id, g.status, g.attempts,
    (SELECT count(*)::int FROM results r WHERE r.job_id = g.id) AS results,
    (SELECT count(*)::int FROM credit_lots l WHERE l.refund_of_spend_id = g.spend_id) AS refunds
   FROM generation_jobs g WHERE ${where}`;
}

/** Ended exactly once: succeeded with one result and no refund, or failed with one refund and none. */
export function endedOnce(r: Ending): boolean {
  return (
    (r.status === "succeeded" && r.results === 1 && r.refunds === 0) ||
    (r.status === "failed" && r.results === 0 && r.refunds === 1)
  );
}
