import { randomUUID } from "node:crypto";
import { newObjectKey, type ObjectOwner } from "../../src/infra/storage/storage";
import type {
  UploadOwner,
  UploadRow,
  UploadsRepository,
} from "../../src/modules/uploads/uploads.repository";
import type { fakeStorage } from "./storage";

const ownedBy = (owner: UploadOwner, r: UploadRow) =>
  owner.userId !== null ? r.userId === owner.userId : r.guestTrialId === owner.guestTrialId;
/** What the repository's deletions read of a photo: its owner and its files. */
const photoFiles = (r: UploadRow) => ({
  id: r.id,
  userId: r.userId,
  guestTrialId: r.guestTrialId,
  originalKey: r.originalKey,
  croppedKey: r.croppedKey,
  thumbKey: r.thumbKey,
});

/**
 * The uploads table in memory, written as uploads.repository.ts writes it. `now` stamps the rows
 * and judges their age (a test's hand-driven clock). `photo` adds a finished photo of an owner,
 * its three files put in `storage` when one is given. `rows` are the rows by id.
 */
export function fakeUploads(
  o: { now?: () => number; storage?: ReturnType<typeof fakeStorage> } = {},
) {
  const now = () => new Date(o.now?.() ?? Date.now());
  const rows = new Map<string, UploadRow>();
  const change = (id: string, set: Partial<UploadRow>) => {
    const r = rows.get(id);
    if (r) Object.assign(r, set);
    return Promise.resolve();
  };
  const row = (owner: UploadOwner, over: Partial<UploadRow> = {}): UploadRow => ({
    id: randomUUID(),
    ...owner,
    originalKey: null,
    croppedKey: null,
    thumbKey: null,
    status: "uploading",
    mimeType: null,
    width: null,
    height: null,
    sizeBytes: null,
    errorCode: null,
    faceCount: null,
    faceCheck: null,
    createdAt: now(),
    completedAt: null,
    originalDeletedAt: null,
    ...over,
  });

  const uploads: UploadsRepository = {
    create(owner, sizeBytes) {
      const r = row(owner, { sizeBytes });
      rows.set(r.id, r);
      return Promise.resolve(r.id);
    },
    setProcessing: (id) => change(id, { status: "processing" }),
    complete: (id, v) => change(id, { ...v, status: "completed", completedAt: now() }),
    fail: (id, errorCode) => change(id, { status: "failed", errorCode, completedAt: now() }),
    findById: (id) => Promise.resolve(rows.get(id) ?? null),
    findByIds: (ids) => Promise.resolve(ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []))),
    latestKept(owner, hours) {
      const after = now().getTime() - hours * 3_600_000;
      const kept = [...rows.values()]
        .filter(
          (r) =>
            ownedBy(owner, r) &&
            r.status === "completed" &&
            r.croppedKey !== null &&
            r.originalDeletedAt === null &&
            r.createdAt.getTime() > after,
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return Promise.resolve(kept[0] ?? null);
    },
    /** Without members' choices (no users here): every photo goes after 24 hours. */
    originalsDue(at, limit = 500) {
      const before = at.getTime() - 24 * 3_600_000;
      return Promise.resolve(
        [...rows.values()]
          .filter((r) => r.originalKey !== null && r.createdAt.getTime() < before)
          .slice(0, limit)
          .map(photoFiles),
      );
    },
    keptOf: (owner) =>
      Promise.resolve(
        [...rows.values()]
          .filter((r) => ownedBy(owner, r) && (r.originalKey !== null || r.croppedKey !== null))
          .map(photoFiles),
      ),
    markOriginalDeleted: (id) =>
      change(id, {
        originalKey: null,
        croppedKey: null,
        thumbKey: null,
        originalDeletedAt: now(),
      }),
    listForAdmin: (limit = 100) =>
      Promise.resolve(
        [...rows.values()]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, limit)
          .map((upload) => ({ upload, email: null })),
      ),
  };

  /** A finished photo of `owner` (a member's id, or `{ guest }`), its files stored. */
  function photo(owner: string | { guest: string }, over: Partial<UploadRow> = {}): UploadRow {
    const [of, storageOwner]: [UploadOwner, ObjectOwner] =
      typeof owner === "string"
        ? [
            { userId: owner, guestTrialId: null },
            { kind: "user", id: owner },
          ]
        : [
            { userId: null, guestTrialId: owner.guest },
            { kind: "guest", id: owner.guest },
          ];
    const r = row(of, {
      status: "completed",
      originalKey: newObjectKey(storageOwner, "jpg"),
      croppedKey: newObjectKey(storageOwner, "jpg", "crop"),
      thumbKey: newObjectKey(storageOwner, "webp", "thumb"),
      mimeType: "image/jpeg",
      width: 1024,
      height: 1024,
      sizeBytes: 3,
      completedAt: now(),
      ...over,
    });
    rows.set(r.id, r);
    // The fake storage stores at once: the photo is there when this returns.
    for (const key of [r.originalKey, r.croppedKey, r.thumbKey])
      if (key) void o.storage?.put("user-uploads", key, Buffer.from(`photo ${r.id}`));
    return r;
  }

  return Object.assign(uploads, { rows, photo });
}
