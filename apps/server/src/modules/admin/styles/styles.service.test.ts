import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeTransactor, fakeAudit } from "../../../../test/fakes";
import type { PairRow, StyleRow } from "../../styles/styles.repository";
import type { StylePatch } from "./styles.repository";
import {
  type AdminStylesDeps,
  copySlug,
  createAdminStylesService,
  diffFields,
} from "./styles.service";

/**
 * The Styles section's rules against in-memory fakes: only changed fields are audited, the
 * audit row is written in the change's transaction, the catalogue is told after it, copies get a free
 * slug, pair images shared with another style survive a delete, uploads that fail leave no
 * files. The routes run against real databases in styles.int.test.ts.
 */

const transactor = fakeTransactor();
const TX = transactor.tx;
const actor = { userId: "admin-1", ip: "203.0.113.1", userAgent: "vitest" };

function styleRow(over: Partial<StyleRow> = {}): StyleRow {
  const now = new Date("2026-11-01T00:00:00Z");
  return {
    id: randomUUID(),
    slug: "anime-shonen",
    name: "Shonen Anime",
    nameId: "Anime Shonen",
    description: "",
    descriptionId: "",
    category: "cartoon",
    tags: ["anime"],
    promptTemplate: "{subject} as anime",
    previewPromptTemplate: null,
    modelName: "zsxkib/instant-id",
    modelParameters: { style_strength: 0.7, guidance_scale: 7.5, num_steps: 25 },
    modelSpecificParameters: {},
    genderSpecificPrompts: {},
    sortOrder: 10,
    isActive: true,
    isPremium: false,
    likenessCheck: false,
    previewImageKey: null,
    beforeImageKey: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    ...over,
  };
}

function world() {
  const styles = new Map<string, StyleRow>();
  const pairs: PairRow[] = [];
  const auditTrail = fakeAudit();
  const audit = auditTrail.rows;
  const stored = new Set<string>();
  const removed: string[] = [];
  /** Writes seen by the repository, each in the service's transaction. */
  const writes: string[] = [];
  /** Times the public catalogue was told of a change. */
  let told = 0;
  let failStore = false;

  const deps: AdminStylesDeps = {
    repo: {
      list: () => Promise.resolve({ items: [], total: 0 }),
      find: (id) => {
        const s = styles.get(id);
        return Promise.resolve(s && !s.deletedAt ? { style: s, generatedCount: 3 } : null);
      },
      slugsLike: (prefix) =>
        Promise.resolve(
          new Set([...styles.values()].map((s) => s.slug).filter((s) => s.startsWith(prefix))),
        ),
      update: (tx, id, patch: StylePatch) => {
        expect(tx).toBe(TX);
        const s = styles.get(id);
        if (!s) return Promise.resolve(null);
        const next: StyleRow = { ...s, ...patch };
        styles.set(id, next);
        writes.push("update");
        return Promise.resolve(next);
      },
      softDelete: (tx, id) => {
        expect(tx).toBe(TX);
        styles.set(id, { ...styles.get(id)!, deletedAt: new Date(), isActive: false });
        return Promise.resolve(true);
      },
      insertCopy: (tx, source, values) => {
        expect(tx).toBe(TX);
        const copy = { ...source, ...values, id: randomUUID() };
        styles.set(copy.id, copy);
        return Promise.resolve(copy);
      },
      pairs: (styleId) => Promise.resolve(pairs.filter((p) => p.styleId === styleId)),
      addPair: (tx, styleId, p) => {
        expect(tx).toBe(TX);
        const row: PairRow = {
          id: randomUUID(),
          styleId,
          beforeImageKey: p.beforeKey,
          afterImageKey: p.afterKey,
          title: p.title,
          sortOrder: pairs.length,
          createdAt: new Date(),
        };
        pairs.push(row);
        return Promise.resolve(row);
      },
      reorderPairs: (tx) => {
        expect(tx).toBe(TX);
        return Promise.resolve();
      },
      deletePair: (tx, _s, pairId) => {
        expect(tx).toBe(TX);
        const i = pairs.findIndex((p) => p.id === pairId);
        if (i < 0) return Promise.resolve(null);
        const [row] = pairs.splice(i, 1);
        return Promise.resolve(row!);
      },
      keysInUse: (keys) =>
        Promise.resolve(
          new Set(
            keys.filter((k) => pairs.some((p) => p.beforeImageKey === k || p.afterImageKey === k)),
          ),
        ),
    },
    db: transactor.db,
    audit: auditTrail,
    catalogueChanged: () => void told++,
    queue: {
      send: () => Promise.resolve(randomUUID()),
      jobInfo: () => Promise.resolve({ state: "active", startedAt: new Date() }),
    },
    images: {
      store: () => {
        if (failStore) return Promise.reject(new Error("corrupt"));
        const key = `public/${randomUUID()}-full.webp`;
        stored.add(key);
        return Promise.resolve(key);
      },
      remove: (key) => {
        removed.push(key);
        return Promise.resolve();
      },
    },
  };
  const add = (over: Partial<StyleRow> = {}) => {
    const s = styleRow(over);
    styles.set(s.id, s);
    return s;
  };
  return {
    service: createAdminStylesService(deps),
    styles,
    pairs,
    audit,
    removed,
    writes,
    told: () => told,
    add,
    failNextStore: () => {
      failStore = true;
    },
  };
}

describe("admin styles service", () => {
  it("audits only the fields whose value changes, and writes nothing when none do", async () => {
    const w = world();
    const s = w.add();
    await w.service.update(actor, s.id, { name: s.name, nameId: "Anime Baru", tags: ["anime"] });
    expect(w.audit).toHaveLength(1);
    expect(w.audit[0]).toMatchObject({
      action: "style.updated",
      entityType: "style",
      entityId: s.id,
      before: { nameId: "Anime Shonen" },
      after: { nameId: "Anime Baru" },
    });
    await w.service.update(actor, s.id, { nameId: "Anime Baru" });
    expect(w.audit).toHaveLength(1);
    expect(w.writes).toEqual(["update"]);
    expect(w.told()).toBe(1);
  });

  it("drops empty gender prompts and repeated tags", async () => {
    const w = world();
    const s = w.add();
    const out = await w.service.update(actor, s.id, {
      genderSpecificPrompts: { male: "a man", female: "" },
      tags: ["a", "a", "b"],
    });
    expect(out.genderSpecificPrompts).toEqual({ male: "a man" });
    expect(out.tags).toEqual(["a", "b"]);
  });

  it("404s for unknown and deleted styles", async () => {
    const w = world();
    const s = w.add({ deletedAt: new Date() });
    await expect(w.service.get(s.id)).rejects.toMatchObject({ status: 404 });
    await expect(w.service.setActive(actor, randomUUID(), true)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("audits activation by its verb and skips a no-op", async () => {
    const w = world();
    const s = w.add({ isActive: true });
    await w.service.setActive(actor, s.id, true);
    expect(w.audit).toHaveLength(0);
    await w.service.setActive(actor, s.id, false);
    await w.service.setActive(actor, s.id, true);
    expect(w.audit.map((a) => a.action)).toEqual(["style.deactivated", "style.activated"]);
  });

  it("copies with a free slug, suffixed names, inactive and right after the original", async () => {
    const w = world();
    const s = w.add({ sortOrder: 40 });
    w.add({ slug: "anime-shonen-copy" });
    const copy = await w.service.duplicate(actor, s.id);
    expect(copy).toMatchObject({
      slug: "anime-shonen-copy-2",
      name: "Shonen Anime (copy)",
      nameId: "Anime Shonen (salinan)",
      isActive: false,
      sortOrder: 41,
    });
    expect(w.audit[0]).toMatchObject({ action: "style.duplicated", entityId: copy.id });
    expect(copySlug("a-copy-3", new Set(["a-copy"]))).toBe("a-copy-2");
  });

  it("soft-deletes with an audit row; the style is not found afterwards", async () => {
    const w = world();
    const s = w.add();
    await w.service.remove(actor, s.id);
    expect(w.audit.map((a) => a.action)).toEqual(["style.deleted"]);
    await expect(w.service.get(s.id)).rejects.toMatchObject({ status: 404 });
  });

  it("queues previews with an audit row and reports the job's state", async () => {
    const w = world();
    const s = w.add();
    const job = await w.service.generatePreviews(actor, s.id);
    expect(job.done).toBe(false);
    expect(w.audit[0]).toMatchObject({
      action: "style.previews_requested",
      after: { jobId: job.jobId },
    });
    expect(await w.service.previewsStatus(s.id, job.jobId)).toMatchObject({
      state: "active",
      done: false,
    });
  });

  it("removes the stored before image when the after image is refused", async () => {
    const w = world();
    const s = w.add();
    const first = await w.service.addPair(actor, s.id, {
      before: Buffer.from("a"),
      after: Buffer.from("b"),
      title: null,
    });
    expect(w.audit.map((a) => a.action)).toEqual(["style_preview_pair.created"]);
    expect(first.after?.full).toContain("-full.webp");
    w.failNextStore();
    await expect(
      w.service.addPair(actor, s.id, {
        before: Buffer.from("a"),
        after: Buffer.from("b"),
        title: null,
      }),
    ).rejects.toThrow("corrupt");
    expect(w.pairs).toHaveLength(1);
  });

  it("refuses an order that is not exactly the style's pairs", async () => {
    const w = world();
    const s = w.add();
    const a = await w.service.addPair(actor, s.id, {
      before: Buffer.from("a"),
      after: Buffer.from("b"),
      title: null,
    });
    const b = await w.service.addPair(actor, s.id, {
      before: Buffer.from("a"),
      after: Buffer.from("b"),
      title: null,
    });
    await expect(w.service.reorderPairs(actor, s.id, [a.id])).rejects.toMatchObject({
      status: 400,
    });
    await expect(w.service.reorderPairs(actor, s.id, [a.id, a.id])).rejects.toMatchObject({
      status: 400,
    });
    await w.service.reorderPairs(actor, s.id, [b.id, a.id]);
    expect(w.audit.at(-1)).toMatchObject({
      action: "style_preview_pair.reordered",
      after: { order: [b.id, a.id] },
    });
  });

  it("deletes a pair's images unless another pair still uses them", async () => {
    const w = world();
    const s = w.add();
    const other = w.add({ slug: "other" });
    const p = await w.service.addPair(actor, s.id, {
      before: Buffer.from("a"),
      after: Buffer.from("b"),
      title: null,
    });
    const row = w.pairs.find((x) => x.id === p.id)!;
    // Another style's pair shares the before image (as a copy's pairs do).
    w.pairs.push({
      ...row,
      id: randomUUID(),
      styleId: other.id,
      afterImageKey: "public/x-full.webp",
    });
    await w.service.deletePair(actor, s.id, p.id);
    expect(w.removed).toEqual([row.afterImageKey]);
    expect(w.audit.at(-1)).toMatchObject({ action: "style_preview_pair.deleted", entityId: p.id });
    await expect(w.service.deletePair(actor, s.id, p.id)).rejects.toMatchObject({ status: 404 });
  });

  it("compares values, not object identity or key order", () => {
    expect(diffFields({ a: { x: 1, y: 2 }, b: [1] }, { a: { y: 2, x: 1 }, b: [1] }).after).toEqual(
      {},
    );
    expect(diffFields({ a: null }, { a: "v" })).toEqual({ before: { a: null }, after: { a: "v" } });
  });
});
