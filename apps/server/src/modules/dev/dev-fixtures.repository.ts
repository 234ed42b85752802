import { kanvasImages } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export function createDevFixturesRepository(db: Database) {
  return {
    async addKanvasImage(row: {
      userId: string;
      imageKey: string;
      thumbKey: string;
      prompt: string;
    }): Promise<string> {
      const [inserted] = await db
        .insert(kanvasImages)
        .values({ ...row, mode: "text2image", aspectRatio: "1:1" })
        .returning({ id: kanvasImages.id });
      return inserted!.id;
    },
  };
}
export type DevFixturesRepository = ReturnType<typeof createDevFixturesRepository>;
