import { randomUUID } from "node:crypto";
import { results, styles, uploads, users } from "../src/db/schema";
import { newObjectKey } from "../src/infra/storage/storage";
import type { TestServer } from "./harness";

/**
 * Rows the admin sections' integration tests count and delete (Dashboard, Analytics, Uploads):
 * users, uploads with their files, results, the seeded styles.
 */
export function adminRows(t: () => TestServer) {
  const db = () => t().ctx.db.db;
  return {
    newUser: async (email = `${randomUUID().slice(0, 8)}@example.com`, createdAt?: Date) => {
      const id = `u_${randomUUID()}`;
      await db()
        .insert(users)
        .values({ id, email, fullName: "Sari", emailVerified: true, createdAt });
      return id;
    },

    newUpload: async (userId: string, opts: { createdAt?: Date; files?: boolean } = {}) => {
      const owner = { kind: "user" as const, id: userId };
      const keys = {
        originalKey: newObjectKey(owner, "jpg"),
        croppedKey: newObjectKey(owner, "jpg", "crop"),
        thumbKey: newObjectKey(owner, "webp", "thumb"),
      };
      if (opts.files !== false) {
        for (const k of Object.values(keys)) {
          await t().ctx.storage.put("user-uploads", k, new Uint8Array([1, 2, 3]));
        }
      }
      const [row] = await db()
        .insert(uploads)
        .values({
          userId,
          ...keys,
          status: "completed",
          createdAt: opts.createdAt,
          completedAt: opts.createdAt ?? new Date(),
        })
        .returning({ id: uploads.id });
      return { id: row!.id, ...keys };
    },

    newResult: async (userId: string, styleId: string, createdAt?: Date, uploadId?: string) => {
      await db()
        .insert(results)
        .values({ userId, styleId, uploadId, imageKey: `u-${userId}/x.jpg`, createdAt });
    },

    /** The first two seeded styles, by name. */
    twoStyles: async () => {
      const seeded = await db()
        .select({ id: styles.id, name: styles.name })
        .from(styles)
        .orderBy(styles.name)
        .limit(2);
      return [seeded[0]!, seeded[1]!] as const;
    },
  };
}
