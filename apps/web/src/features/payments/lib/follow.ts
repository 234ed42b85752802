import type { OrderState } from "@rupa/shared";

/** How often an open order is asked about while its checkout is open. */
export const FOLLOW_INTERVAL_MS = 3_000;
/** After this long the page stops asking by itself (the buyer can still check by hand). */
export const FOLLOW_LIMIT_MS = 15 * 60_000;

/** Only a pending order can still change by itself; the others are final. */
export function isFinalState(state: OrderState): boolean {
  return state !== "pending";
}

/**
 * The next poll's delay for an order being followed, or false to stop: final states and orders
 * followed for longer than the limit are not asked about again.
 */
export function pollDelay(
  state: OrderState | undefined,
  followingSince: number,
  now: number,
): number | false {
  if (state !== undefined && isFinalState(state)) return false;
  if (now - followingSince >= FOLLOW_LIMIT_MS) return false;
  return FOLLOW_INTERVAL_MS;
}

/**
 * The order id the gateway's finish redirect put in the address (`?order_id=`), when it looks
 * like one of ours (`RUPA-…`); anything else is ignored rather than asked about.
 */
export function orderIdFromSearch(search: URLSearchParams): string | null {
  const value = search.get("order_id")?.trim() ?? "";
  return /^RUPA-[A-Z0-9-]{6,40}$/.test(value) ? value : null;
}

/** Whether the address is the gateway's return (its status parameters are present). */
export function isGatewayReturn(search: URLSearchParams): boolean {
  return search.has("transaction_status") || search.has("status_code");
}
