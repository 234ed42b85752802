import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, testDriver } from "../../../test/harness";
import { generationJobs } from "../../db/schema";
import { AVATAR_JOB_KINDS } from "../generations/generations.repository";
import { createJobsRepository } from "./jobs.repository";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

it(`places waiting rows in line, one or many in one query, on ${testDriver()}`, async () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 8, 0, s));
  const rows = await t.handle.db
    .insert(generationJobs)
    .values(
      [1, 2, 3, 4].map((s) => ({
        kind: "avatar",
        status: s === 2 ? "processing" : "queued",
        provider: "local",
        createdAt: at(s),
      })),
    )
    .returning();
  // Kanvas pictures wait in their own line.
  await t.handle.db
    .insert(generationJobs)
    .values({ kind: "kanvas", status: "queued", provider: "local", createdAt: at(0) });
  const repo = createJobsRepository(t.handle.db, AVATAR_JOB_KINDS);
  const [first, , third, fourth] = rows;
  expect(await repo.position(first!)).toBe(1);
  expect(await repo.positions([fourth!, first!, third!])).toEqual([3, 1, 2]);
  expect(await repo.positions([])).toEqual([]);
});

it(`finds only a row of its own kinds by id, on ${testDriver()}`, async () => {
  const [picture] = await t.handle.db
    .insert(generationJobs)
    .values({ kind: "kanvas", status: "queued", provider: "local" })
    .returning();
  // GET /api/generations/:id must not answer a Kanvas picture as if it were an avatar.
  expect(
    await createJobsRepository(t.handle.db, AVATAR_JOB_KINDS).findById(picture!.id),
  ).toBeNull();
  expect(await createJobsRepository(t.handle.db, ["kanvas"]).findById(picture!.id)).toMatchObject({
    id: picture!.id,
  });
});
