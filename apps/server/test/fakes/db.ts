import type { Transactor, Tx } from "../../src/infra/db/client";

/**
 * A transaction that is a marker: fakes take it and ignore it. `open` counts the transactions a
 * service opened and `failNext` makes the next one throw before its work, so a test sees what a
 * service does when the database refuses.
 */
export function fakeTransactor() {
  const tx = { fake: "tx" } as unknown as Tx;
  const state = { opened: 0, fail: null as Error | null };
  const db: Transactor = {
    transaction: async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
      state.opened++;
      if (state.fail) {
        const err = state.fail;
        state.fail = null;
        throw err;
      }
      return fn(tx);
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
