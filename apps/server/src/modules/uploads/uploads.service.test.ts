import { randomUUID } from "node:crypto";
import { LIMITS } from "@rupa/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeClock, fakeStorage, fakeUploads } from "../../../test/fakes";
import { refusal } from "../../../test/refusal";
import type { Actor } from "../../lib/actor";
import type { UploadRow } from "./uploads.repository";
import { createUploadsService, ownerOf, photoRefusal, uploadView } from "./uploads.service";

/**
 * The uploads service's rules against the fakes kit (no picture is decoded here: a photo that
 * gets through the checks is drawn in uploads.int.test.ts): who owns a photo and who may read it
 * (another's is a 404, as a missing one), the refusals that end an upload as failed with their
 * code and nothing stored, the 24-hour promise, and the photo check's verdict.
 */
function world() {
  const time = fakeClock();
  const storage = fakeStorage();
  const uploads = fakeUploads({ now: () => time.now, storage });
  const service = createUploadsService({ uploads, storage });
  const member = (): Actor => ({ userId: randomUUID(), guestTrialId: null, isAdmin: false });
  const guest = (): Actor => ({ userId: null, guestTrialId: randomUUID(), isAdmin: false });
  /** A finished photo of the actor's. */
  const photoOf = (a: Actor, over: Partial<UploadRow> = {}) =>
    uploads.photo(a.userId ?? { guest: a.guestTrialId! }, over);
  return {
    service,
    storage,
    uploads,
    member,
    guest,
    photoOf,
    later: (hours: number) => time.advance(hours * 3_600_000),
    now: () => new Date(time.now),
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("whose photo it is", () => {
  it("files a member's photos under the member and a guest's under the trial; no one's is refused (401)", async () => {
    const m = w.member();
    const g = w.guest();
    expect(ownerOf(m)).toEqual({
      owner: { userId: m.userId, guestTrialId: null },
      storageOwner: { kind: "user", id: m.userId },
    });
    expect(ownerOf(g)).toEqual({
      owner: { userId: null, guestTrialId: g.guestTrialId },
      storageOwner: { kind: "guest", id: g.guestTrialId },
    });
    const nobody: Actor = { userId: null, guestTrialId: null, isAdmin: false };
    expect(await refusal(w.service.upload(nobody, Buffer.from("x")))).toEqual({
      code: "guest_session_required",
      status: 401,
    });
    expect(w.uploads.rows.size).toBe(0);
  });

  it("gives a member or a guest their own photo, and answers another's as missing (404)", async () => {
    const m = w.member();
    const g = w.guest();
    const mine = w.photoOf(m);
    const guests = w.photoOf(g);
    expect((await w.service.owned(m, mine.id)).id).toBe(mine.id);
    expect((await w.service.owned(g, guests.id)).id).toBe(guests.id);

    const notFound = { code: "not_found", status: 404 };
    expect(await refusal(w.service.owned(w.member(), mine.id))).toEqual(notFound);
    expect(await refusal(w.service.owned(m, guests.id))).toEqual(notFound);
    expect(await refusal(w.service.owned(w.guest(), guests.id))).toEqual(notFound);
    expect(await refusal(w.service.owned(m, randomUUID()))).toEqual(notFound);
  });

  it("gives several photos in the order asked, or none when one is not the actor's", async () => {
    const m = w.member();
    const [a, b, c] = [w.photoOf(m), w.photoOf(m), w.photoOf(m)];
    expect((await w.service.ownedAll(m, [c.id, a.id, b.id])).map((u) => u.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
    const theirs = w.photoOf(w.member());
    expect(await refusal(w.service.ownedAll(m, [a.id, theirs.id]))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.service.ownedAll(m, [a.id, randomUUID()]))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await w.service.ownedAll(m, [])).toEqual([]);
  });
});

describe("an upload refused", () => {
  const refusals: [string, () => Buffer, { code: string; status: number }][] = [
    ["an empty file", () => Buffer.alloc(0), { code: "photo_missing", status: 400 }],
    [
      "a file over 10 MB",
      () => Buffer.alloc(LIMITS.uploadMaxBytes + 1),
      { code: "photo_too_large", status: 413 },
    ],
    [
      "a file that is no photo",
      () => Buffer.from("GIF89a not a photo we take"),
      { code: "photo_unsupported_type", status: 415 },
    ],
    [
      "a JPEG that cannot be read",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
      { code: "photo_corrupt", status: 422 },
    ],
  ];

  it.each(refusals)(
    "ends as failed with its code, and nothing is stored: %s",
    async (_, bytes, why) => {
      const m = w.member();
      expect(await refusal(w.service.upload(m, bytes()))).toEqual(why);
      const [row] = [...w.uploads.rows.values()];
      expect(row).toMatchObject({
        userId: m.userId,
        status: "failed",
        errorCode: why.code,
        originalKey: null,
      });
      expect(row!.completedAt).not.toBeNull();
      expect(w.storage.objects.size).toBe(0);
    },
  );

  it("ends a guest's refused photo as failed under the trial", async () => {
    const g = w.guest();
    await refusal(w.service.upload(g, Buffer.from("plain text")));
    const [row] = [...w.uploads.rows.values()];
    expect(row).toMatchObject({ guestTrialId: g.guestTrialId, userId: null, status: "failed" });
  });
});

describe("the 24-hour promise", () => {
  it("deletes an original, its crop and thumbnail after 24 hours, keeps the row, and leaves younger photos", async () => {
    const m = w.member();
    const old = w.photoOf(m);
    await w.later(20);
    const young = w.photoOf(m);
    const failed = w.photoOf(m, {
      status: "failed",
      originalKey: null,
      croppedKey: null,
      thumbKey: null,
    });
    await w.later(5);

    expect(await w.service.deleteDuePhotos(w.now())).toBe(1);
    expect(w.storage.keys("user-uploads").sort()).toEqual(
      [young.originalKey, young.croppedKey, young.thumbKey].sort(),
    );
    expect(w.uploads.rows.get(old.id)).toMatchObject({
      status: "completed",
      originalKey: null,
      croppedKey: null,
      thumbKey: null,
    });
    expect(w.uploads.rows.get(old.id)!.originalDeletedAt).not.toBeNull();
    expect(w.uploads.rows.get(failed.id)!.originalDeletedAt).toBeNull();
    // Nothing is deleted twice; the next day the younger one goes.
    expect(await w.service.deleteDuePhotos(w.now())).toBe(0);
    await w.later(20);
    expect(await w.service.deleteDuePhotos(w.now())).toBe(1);
    expect(w.storage.objects.size).toBe(0);
  });
});

describe("the photo check as the generator shows it", () => {
  const face = {
    box: { x: 256, y: 128, width: 512, height: 256 },
    eyes: [
      { x: 400, y: 200 },
      { x: 600, y: 200 },
    ],
    score: 0.98,
  };
  const checked = (faces: number, issues: string[]) =>
    w.photoOf(w.member(), {
      width: 1024,
      height: 512,
      faceCount: faces,
      faceCheck: { faces, issues, face: faces ? face : null, signals: null, cropFace: null },
    });

  it("refuses a photo with no face or several, warns of the rest, and passes a good one", () => {
    const none = checked(0, ["no_face"]);
    const many = checked(2, ["many_faces", "blurry"]);
    const dim = checked(1, ["too_dark"]);
    const good = checked(1, []);
    expect([none, many, dim, good].map(photoRefusal)).toEqual([
      "no_face",
      "many_faces",
      null,
      null,
    ]);
    expect([none, many, dim, good].map((u) => uploadView(u).check?.verdict)).toEqual([
      "refuse",
      "refuse",
      "warn",
      "ok",
    ]);
  });

  it("gives the face as a share of the photo's size, and no check for a photo never checked", () => {
    const good = checked(1, []);
    expect(uploadView(good).check).toEqual({
      faces: 1,
      issues: [],
      verdict: "ok",
      face: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
    });
    const unchecked = w.photoOf(w.member());
    expect(photoRefusal(unchecked)).toBeNull();
    expect(uploadView(unchecked)).toMatchObject({ status: "completed", check: null });
    expect(uploadView(unchecked).thumbUrl).toMatch(/^\/api\/files\/user-uploads\//);
  });
});
