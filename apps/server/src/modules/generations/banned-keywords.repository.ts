import { eq } from "drizzle-orm";
import { bannedKeywords } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export function createBannedKeywordsRepository(db: Database) {
  return {
    async active(): Promise<string[]> {
      const rows = await db
        .select({ k: bannedKeywords.keyword })
        .from(bannedKeywords)
        .where(eq(bannedKeywords.isActive, true));
      return rows.map((r) => r.k);
    },
  };
}
export type BannedKeywordsRepository = ReturnType<typeof createBannedKeywordsRepository>;

/** The first active banned keyword found in any of the texts, case-insensitively. */
export function findBanned(keywords: string[], texts: string[]): string | null {
  const hay = texts.map((t) => t.toLowerCase());
  return keywords.find((k) => hay.some((t) => t.includes(k))) ?? null;
}
