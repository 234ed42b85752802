import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditQuery } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AuditEntry, AuditQuery } from "@rupa/shared";

/** One page of the audit trail for the URL's query; the previous page stays while the next loads. */
export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: adminKeys.list("audit", query),
    queryFn: ({ signal }) => call(routes.auditList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
