import type { Transactor, Tx } from "../../src/infra/db/client";

/** The undo steps of each open transaction, innermost last, by its marker. */
const journals = new WeakMap<object, (() => void)[][]>();

/**
 * How a fake's write inside a transaction is taken back when the transaction fails: `undo` runs
 * (the last write first) if the transaction `tx` throws. A write with no open transaction (a test
 * setting up rows, a service writing without one) is simply kept.
 */
export function undoable(tx: Tx, undo: () => void): void {
  journals.get(tx)?.at(-1)?.push(undo);
}

/** Whether `tx` is a transaction a fake transactor has open now. */
export function inTransaction(tx: Tx): boolean {
  return (journals.get(tx)?.length ?? 0) > 0;
}

/**
 * A transaction that is a marker: fakes take it and, through `undoable`, take their writes back
 * when it throws (as a database rolls back), so a test sees "all of it or nothing". `open` counts
 * the transactions a service opened and `failNext` makes the next one throw before its work, so a
 * test sees what a service does when the database refuses. Overlapping transactions of one
 * transactor share the marker (and so their undo steps): a service test runs one at a time.
 */
export function fakeTransactor() {
  const tx = { fake: "tx" } as unknown as Tx;
  const state = { opened: 0, fail: null as Error | null };
  const stack: (() => void)[][] = [];
  journals.set(tx, stack);
  const db: Transactor = {
    transaction: async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
      state.opened++;
      if (state.fail) {
        const err = state.fail;
        state.fail = null;
        throw err;
      }
      const steps: (() => void)[] = [];
      stack.push(steps);
      try {
        const out = await fn(tx);
        stack.pop();
        // A nested transaction's writes are the outer one's to take back.
        stack.at(-1)?.push(...steps);
        return out;
      } catch (e) {
        stack.pop();
        for (const undo of steps.reverse()) undo();
        throw e;
      }
    },
  };
  return {
    db,
    tx,
    get opened() {
      return state.opened;
    },
    failNext(err = new Error("the database refused")) {
      state.fail = err;
    },
  };
}
