import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  customProfessionConfigs,
  customProfessionRequests,
  styles,
  users,
} from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";

export type ConfigRow = typeof customProfessionConfigs.$inferSelect;
export type ConfigValues = Pick<
  typeof customProfessionConfigs.$inferInsert,
  | "name"
  | "description"
  | "category"
  | "formVariant"
  | "baseStyleId"
  | "requiresReferenceImage"
  | "maxTitleLength"
  | "maxAccessoriesLength"
  | "maxOtherIdeasLength"
  | "promptTemplate"
>;

/** A configuration with its base style (null when removed) and how many requests used it. */
export interface ConfigView {
  config: ConfigRow;
  style: {
    id: string;
    name: string;
    nameId: string;
    isActive: boolean;
    deleted: boolean;
    previewImageKey: string | null;
  } | null;
  requests: number;
}

/** The Custom profession section's reads, and its writes in the transaction the service gives. */
export function createAdminCustomProfessionRepository(db: Database) {
  const requestCount = sql<number>`(SELECT count(*)::int FROM custom_profession_requests r WHERE r.config_id = "custom_profession_configs"."id")`;
  const view = () =>
    db
      .select({
        config: customProfessionConfigs,
        requests: requestCount,
        styleId: styles.id,
        styleName: styles.name,
        styleNameId: styles.nameId,
        styleActive: styles.isActive,
        styleDeletedAt: styles.deletedAt,
        stylePreview: styles.previewImageKey,
      })
      .from(customProfessionConfigs)
      .leftJoin(styles, eq(styles.id, customProfessionConfigs.baseStyleId));
  type Joined = Awaited<ReturnType<ReturnType<typeof view>["execute"]>>[number];
  const toView = (r: Joined): ConfigView => ({
    config: r.config,
    requests: Number(r.requests),
    style: r.styleId
      ? {
          id: r.styleId,
          name: r.styleName!,
          nameId: r.styleNameId!,
          isActive: r.styleActive!,
          deleted: r.styleDeletedAt !== null,
          previewImageKey: r.stylePreview,
        }
      : null,
  });

  return {
    async stats(): Promise<{
      requests: number;
      completed: number;
      failed: number;
      activeConfigs: number;
    }> {
      const [req] = await db
        .select({
          requests: sql<number>`count(*)::int`,
          completed: sql<number>`count(*) FILTER (WHERE ${customProfessionRequests.status} = 'completed')::int`,
          failed: sql<number>`count(*) FILTER (WHERE ${customProfessionRequests.status} = 'failed')::int`,
        })
        .from(customProfessionRequests);
      const [cfg] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(customProfessionConfigs)
        .where(eq(customProfessionConfigs.isActive, true));
      return {
        requests: Number(req?.requests ?? 0),
        completed: Number(req?.completed ?? 0),
        failed: Number(req?.failed ?? 0),
        activeConfigs: Number(cfg?.n ?? 0),
      };
    },

    /** Active, not deleted styles a configuration may be based on, by name. */
    async baseStyles() {
      return db
        .select({
          id: styles.id,
          name: styles.name,
          nameId: styles.nameId,
          category: styles.category,
        })
        .from(styles)
        .where(and(eq(styles.isActive, true), isNull(styles.deletedAt)))
        .orderBy(asc(styles.name));
    },

    /** Whether a style exists and is not deleted (active or not). */
    async styleExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: styles.id })
        .from(styles)
        .where(and(eq(styles.id, id), isNull(styles.deletedAt)));
      return Boolean(row);
    },

    async configs(): Promise<ConfigView[]> {
      const rows = await view().orderBy(
        desc(customProfessionConfigs.createdAt),
        asc(customProfessionConfigs.id),
      );
      return rows.map(toView);
    },

    async find(id: string): Promise<ConfigView | null> {
      const [row] = await view().where(eq(customProfessionConfigs.id, id));
      return row ? toView(row) : null;
    },

    async create(tx: Tx, values: ConfigValues): Promise<ConfigRow> {
      const [row] = await tx.insert(customProfessionConfigs).values(values).returning();
      return row!;
    },

    /** The configuration as changed, or null when there is none. */
    async update(
      tx: Tx,
      id: string,
      patch: Partial<ConfigValues> & { isActive?: boolean },
    ): Promise<ConfigRow | null> {
      const [row] = await tx
        .update(customProfessionConfigs)
        .set(patch)
        .where(eq(customProfessionConfigs.id, id))
        .returning();
      return row ?? null;
    },

    /** The newest requests with their configuration's name and the user's e-mail. */
    async recentRequests(limit: number) {
      return db
        .select({
          id: customProfessionRequests.id,
          configName: customProfessionConfigs.name,
          userEmail: users.email,
          title: customProfessionRequests.title,
          profession: customProfessionRequests.profession,
          accessories: customProfessionRequests.accessories,
          props: customProfessionRequests.props,
          otherIdeas: customProfessionRequests.otherIdeas,
          status: customProfessionRequests.status,
          createdAt: customProfessionRequests.createdAt,
        })
        .from(customProfessionRequests)
        .leftJoin(
          customProfessionConfigs,
          eq(customProfessionConfigs.id, customProfessionRequests.configId),
        )
        .leftJoin(users, eq(users.id, customProfessionRequests.userId))
        .orderBy(desc(customProfessionRequests.createdAt), desc(customProfessionRequests.id))
        .limit(limit);
    },
  };
}
export type AdminCustomProfessionRepository = ReturnType<
  typeof createAdminCustomProfessionRepository
>;
