import type { AuditPage, AuditQuery } from "@rupa/shared";
import type { AuditRepository } from "../../audit/audit.repository";

/** The admin Audit section: the audit trail, paged and searched (modules/audit writes it). */
export function createAdminAuditService(d: { audit: Pick<AuditRepository, "list"> }) {
  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const page = await d.audit.list(query);
      return { ...page, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
