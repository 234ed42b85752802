import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreatePaymentResponse, Order } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call, isApiError } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { FOLLOW_LIMIT_MS, pollDelay } from "../lib/follow";

export type {
  BillingCycle,
  CreditLotView,
  Order,
  OrderState,
  PlanView,
  PlansResponse,
  Subscription,
} from "@rupa/shared";

/** Orders fetched for the history (docs/product/credits-and-plans.md: 10 fetched, 5 shown). */
export const HISTORY_LIMIT = 10;

/**
 * The payments queries' keys. They live here rather than in lib/query-keys.ts, which is part of
 * the shell every page downloads: payments code loads only on /credits and /billing.
 */
export const paymentKeys = {
  all: ["payments"] as const,
  plans: ["payments", "plans"] as const,
  subscription: ["payments", "subscription"] as const,
  expiring: ["payments", "expiring"] as const,
  orders: ["payments", "orders"] as const,
  order: (orderId: string) => ["payments", "order", orderId] as const,
};

export const plansQueryOptions = queryOptions({
  queryKey: paymentKeys.plans,
  queryFn: ({ signal }) => call(routes.paymentsPlans, {}, { signal }),
  staleTime: 5 * 60_000,
});

/** The plans on sale and whether checkout works here (public). */
export function usePlans() {
  return useQuery(plansQueryOptions);
}

/** Whether the member holds an unexpired plan, and which. */
export function useSubscription() {
  return useQuery({
    queryKey: paymentKeys.subscription,
    queryFn: ({ signal }) => call(routes.paymentsSubscription, {}, { signal }),
  });
}

/** The member's credit lots that expire soonest (at most 2). */
export function useExpiringLots() {
  return useQuery({
    queryKey: paymentKeys.expiring,
    queryFn: async ({ signal }) => (await call(routes.paymentsExpiring, {}, { signal })).lots,
  });
}

/** The member's latest orders, newest first. */
export function useOrders() {
  return useQuery({
    queryKey: paymentKeys.orders,
    queryFn: async ({ signal }) =>
      (await call(routes.paymentsOrders, { query: { limit: HISTORY_LIMIT } }, { signal })).orders,
  });
}

/** When this tab began following each order (the 15-minute limit counts from here). */
const followStarted = new Map<string, number>();

function followingSince(orderId: string): number {
  let at = followStarted.get(orderId);
  if (at === undefined) {
    at = Date.now();
    followStarted.set(orderId, at);
  }
  return at;
}

/** Starts the 15 minutes again (a new checkout for the order, or "check again"). */
export function restartFollowing(orderId: string): void {
  followStarted.set(orderId, Date.now());
}

/** Whether the page has stopped asking about a pending order by itself. */
export function followTimedOut(orderId: string, now: number): boolean {
  return now - followingSince(orderId) >= FOLLOW_LIMIT_MS;
}

/**
 * One order, followed: asked about every 3 seconds while it is pending (the server re-checks a
 * pending order with the gateway), not while the tab is hidden, and at once when the tab comes
 * back. Stops when the order is final, when the server refuses (not found), or after 15 minutes.
 */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: paymentKeys.order(orderId ?? ""),
    queryFn: async ({ signal }): Promise<Order> =>
      (await call(routes.paymentsOrder, { params: { orderId: orderId! } }, { signal })).order,
    enabled: orderId !== null,
    staleTime: 0,
    refetchOnWindowFocus: (query) =>
      query.state.data?.state === "pending" && !followTimedOut(orderId!, Date.now()),
    refetchInterval: (query) => {
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return pollDelay(query.state.data?.state, followingSince(orderId!), Date.now());
    },
    refetchIntervalInBackground: false,
  });
}

/** Starts buying a plan: the order and the checkout page to pay it on. */
export function createPayment(planId: string): Promise<CreatePaymentResponse> {
  return call(routes.paymentsCreate, { body: { planId } });
}

/**
 * After a payment settles: the balance (the session), the subscription, the lots and the
 * history are read again.
 */
export async function refreshAfterPayment(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.subscription }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.expiring }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.orders }),
  ]);
}

/** A new order exists (or an old one was reopened): the history is read again. */
export function refreshOrders(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentKeys.orders });
}
