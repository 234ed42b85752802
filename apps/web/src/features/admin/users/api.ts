import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCreditsRequest, AdminUsersQuery, Role } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminLedgerEntry, AdminUser, AdminUserDetail, AdminUsersQuery } from "@rupa/shared";

const userKey = (id: string) => [...adminKeys.section("users"), "detail", id] as const;

/** One page of users for the URL's query; the previous page stays while the next loads. */
export function useUsersPage(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.list("users", query),
    queryFn: ({ signal }) => call(routes.adminUsers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One user's detail (balance, ledger, generations, payments, referrals); off while `id` is null. */
export function useUserDetail(id: string | null) {
  return useQuery({
    queryKey: userKey(id ?? ""),
    queryFn: ({ signal }) => call(routes.adminUser, { params: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

/**
 * After a change, every users query (the list pages and the details) and the audit trail are
 * fetched again, so the new balance or role shows at once.
 */
function useInvalidateUsers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminKeys.section("users") }),
      qc.invalidateQueries({ queryKey: adminKeys.section("audit") }),
    ]);
}

export function useSetUserRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (v: { id: string; role: Role }) =>
      call(routes.adminSetRole, { params: { id: v.id }, body: { role: v.role } }),
    onSettled: invalidate,
  });
}

export function useChangeUserCredits() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (v: { id: string; body: AdminCreditsRequest }) =>
      call(routes.adminSetCredits, { params: { id: v.id }, body: v.body }),
    onSettled: invalidate,
  });
}
