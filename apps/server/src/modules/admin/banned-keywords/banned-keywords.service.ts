import type {
  BannedKeyword,
  BannedKeywordsPage,
  BannedKeywordsQuery,
  BannedKeywordInput,
} from "@rupa/shared";
import type { z } from "zod";
import type { bannedKeywordInputSchema } from "@rupa/shared";
import { errors } from "../../../lib/errors";
import type { Transactor, Tx } from "../../../infra/db/client";
import { isUniqueViolation } from "../../../infra/db/unique-violation";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import { activeSwitched } from "../active-switched";
import type {
  BannedKeywordRow,
  BannedKeywordsRepository,
} from "../../banned-keywords/banned-keywords.repository";

export type { BannedKeywordInput };
type KeywordValues = z.output<typeof bannedKeywordInputSchema>;

export const bannedKeywordErrors = {
  notFound: () => errors.notFound("Keyword not found"),
  duplicate: () => errors.conflict("keyword_exists", "This keyword already exists"),
};

export function toKeyword(r: BannedKeywordRow): BannedKeyword {
  return {
    id: r.id,
    keyword: r.keyword,
    reason: r.reason,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface AdminBannedKeywordsDeps {
  db: Transactor;
  repo: Pick<
    BannedKeywordsRepository,
    "list" | "find" | "insert" | "takenByOther" | "update" | "remove"
  >;
  audit: Pick<AuditRepository, "write">;
}

/**
 * The Banned keywords section (docs/product/admin.md): the contract trims and lower-cases, this
 * checks the keyword is not banned twice and writes every change with its audit row. Generation
 * starts read the active keywords fresh, so a change applies to the very next request.
 */
export function createAdminBannedKeywordsService(d: AdminBannedKeywordsDeps) {
  const snapshot = (r: BannedKeywordRow) => ({
    keyword: r.keyword,
    reason: r.reason,
    isActive: r.isActive,
  });

  /**
   * A change and its audit row in one transaction. A keyword banned already is a 409 that
   * writes nothing, whether a read saw it or the unique index refused it (two adds at once).
   */
  async function write(fn: (tx: Tx) => Promise<BannedKeywordRow>): Promise<BannedKeyword> {
    try {
      return toKeyword(await d.db.transaction(fn));
    } catch (e) {
      if (isUniqueViolation(e)) throw bannedKeywordErrors.duplicate();
      throw e;
    }
  }

  async function found(id: string): Promise<BannedKeywordRow> {
    const row = await d.repo.find(id);
    if (!row) throw bannedKeywordErrors.notFound();
    return row;
  }

  return {
    async list(q: BannedKeywordsQuery): Promise<BannedKeywordsPage> {
      const { items, total } = await d.repo.list(q);
      return { items: items.map(toKeyword), total, page: q.page, pageSize: q.pageSize };
    },

    async create(actor: AuditActor, v: KeywordValues): Promise<BannedKeyword> {
      return write(async (tx) => {
        const row = await d.repo.insert(tx, { keyword: v.keyword, reason: v.reason });
        await d.audit.write(tx, {
          actor,
          action: "banned_keyword.created",
          entityType: "banned_keyword",
          entityId: row.id,
          after: snapshot(row),
        });
        return row;
      });
    },

    async update(actor: AuditActor, id: string, v: KeywordValues): Promise<BannedKeyword> {
      const current = await found(id);
      if (current.keyword === v.keyword && current.reason === v.reason) return toKeyword(current);
      return write(async (tx) => {
        if (await d.repo.takenByOther(tx, v.keyword, id)) throw bannedKeywordErrors.duplicate();
        const row = await d.repo.update(tx, id, { keyword: v.keyword, reason: v.reason });
        if (!row) throw bannedKeywordErrors.notFound();
        await d.audit.write(tx, {
          actor,
          action: "banned_keyword.updated",
          entityType: "banned_keyword",
          entityId: id,
          before: { keyword: current.keyword, reason: current.reason },
          after: { keyword: row.keyword, reason: row.reason },
        });
        return row;
      });
    },

    async setActive(actor: AuditActor, id: string, active: boolean): Promise<BannedKeyword> {
      const current = await found(id);
      if (current.isActive === active) return toKeyword(current);
      return write(async (tx) => {
        const row = await d.repo.update(tx, id, { isActive: active });
        if (!row) throw bannedKeywordErrors.notFound();
        await d.audit.write(tx, activeSwitched(actor, "banned_keyword", id, active));
        return row;
      });
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const row = await d.repo.remove(tx, id);
        if (!row) throw bannedKeywordErrors.notFound();
        await d.audit.write(tx, {
          actor,
          action: "banned_keyword.deleted",
          entityType: "banned_keyword",
          entityId: id,
          before: snapshot(row),
        });
      });
    },
  };
}
export type AdminBannedKeywordsService = ReturnType<typeof createAdminBannedKeywordsService>;
