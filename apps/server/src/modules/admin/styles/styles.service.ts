import {
  STYLE_PARAM_RANGES,
  type AdminStyle,
  type AdminStyleChanges,
  type AdminStylePair,
  type AdminStyleRow,
  type AdminStylesPage,
  type AdminStylesQuery,
  type PreviewJob,
  type StyleCategory,
} from "@rupa/shared";
import type { Transactor, Tx } from "../../../infra/db/client";
import type { QueueOps } from "../../../infra/queue/queue";
import { errors } from "../../../lib/errors";
import type { AuditActor, AuditInput, AuditRepository } from "../../audit/audit.repository";
import { activeSwitched } from "../active-switched";
import { STYLE_PREVIEWS_JOB } from "../../styles/style-previews.worker";
import type { PairRow, StyleRow } from "../../styles/styles.repository";
import { imageSet } from "../../styles/styles.service";
import type { AdminStylesRepository, StylePatch } from "./styles.repository";

/** Stores a before/after image (through the photo pipeline) and deletes one, by full-size key. */
export interface PreviewImages {
  store(bytes: Buffer): Promise<string>;
  remove(fullKey: string): Promise<void>;
}

export interface AdminStylesDeps {
  repo: Pick<
    AdminStylesRepository,
    | "list"
    | "find"
    | "slugsLike"
    | "update"
    | "softDelete"
    | "insertCopy"
    | "pairs"
    | "addPair"
    | "reorderPairs"
    | "deletePair"
    | "keysInUse"
  >;
  db: Transactor;
  audit: Pick<AuditRepository, "write">;
  /**
   * Tells the public catalogue a change committed (this process at once; other processes see
   * styles.updated_at move within a second, docs/decisions/010).
   */
  catalogueChanged: () => void;
  queue: Pick<QueueOps, "send" | "jobInfo">;
  images: PreviewImages;
}

const DONE_STATES = new Set<PreviewJob["state"]>(["completed", "failed", "cancelled", "unknown"]);
const DEFAULT_PARAMS: AdminStyle["modelParameters"] = {
  style_strength: STYLE_PARAM_RANGES.style_strength.default,
  guidance_scale: STYLE_PARAM_RANGES.guidance_scale.default,
  num_steps: STYLE_PARAM_RANGES.num_steps.default,
  scheduler: "DPM++ Multistep",
  use_fixed_seed: false,
  fixed_seed: null,
  negative_prompt: "",
};

export const styleNotFound = () => errors.notFound("Style not found");

export function toRow(s: StyleRow, generatedCount: number): AdminStyleRow {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    nameId: s.nameId,
    category: s.category as StyleCategory,
    isActive: s.isActive,
    isPremium: s.isPremium,
    likenessCheck: s.likenessCheck,
    sortOrder: s.sortOrder,
    thumbnailUrl: imageSet(s.previewImageKey)?.card ?? null,
    generatedCount,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toStyle(s: StyleRow, generatedCount: number): AdminStyle {
  const gender: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.genderSpecificPrompts)) if (v) gender[k] = v;
  return {
    ...toRow(s, generatedCount),
    description: s.description,
    descriptionId: s.descriptionId,
    tags: s.tags,
    promptTemplate: s.promptTemplate,
    previewPromptTemplate: s.previewPromptTemplate,
    genderSpecificPrompts: gender,
    modelName: s.modelName,
    modelParameters: {
      ...DEFAULT_PARAMS,
      ...s.modelParameters,
      fixed_seed: s.modelParameters.fixed_seed ?? null,
    },
    modelSpecificParameters: s.modelSpecificParameters,
  };
}

export function toPairView(p: PairRow): AdminStylePair {
  return {
    id: p.id,
    title: p.title,
    sortOrder: p.sortOrder,
    before: imageSet(p.beforeImageKey),
    after: imageSet(p.afterImageKey),
  };
}

/** What the audit rows of a preview pair keep of it (its creation's and its deletion's). */
const pairRecord = (styleId: string, p: PairRow) => ({
  styleId,
  title: p.title,
  sortOrder: p.sortOrder,
});

/** What an update would store: empty gender prompts dropped, tags without repeats. */
function patchOf(changes: AdminStyleChanges): StylePatch {
  const patch: StylePatch = { ...changes };
  if (changes.genderSpecificPrompts) {
    patch.genderSpecificPrompts = Object.fromEntries(
      Object.entries(changes.genderSpecificPrompts).filter(([, v]) => v),
    );
  }
  if (changes.tags) patch.tags = [...new Set(changes.tags)];
  return patch;
}

/** The fields whose value changes, before and after (stable JSON comparison). */
export function diffFields(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (stableJson(current[k]) !== stableJson(v)) {
      before[k] = current[k] ?? null;
      after[k] = v;
    }
  }
  return { before, after };
}

function stableJson(v: unknown): string {
  if (v === undefined) return "null";
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object" && !(v instanceof Date)) {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** `slug-copy`, else `slug-copy-2`, `-3`… (the first one no style, deleted or not, holds). */
export function copySlug(slug: string, taken: Set<string>): string {
  const base = `${slug.replace(/-copy(-\d+)?$/, "")}-copy`;
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * The Styles admin section (docs/product/admin.md, "styles"): every change is validated by the
 * contract, checked here, written with its audit row in one transaction, and shown on /eksplor
 * at once.
 */
export function createAdminStylesService(d: AdminStylesDeps) {
  /**
   * A catalogue change: `fn` writes it and its audit row in one transaction, then the public
   * catalogue is told. Nothing is told when the transaction fails.
   */
  async function change<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const out = await d.db.transaction(fn);
    d.catalogueChanged();
    return out;
  }

  const audited = (tx: Tx, actor: AuditActor, e: Omit<AuditInput, "actor">) =>
    d.audit.write(tx, { actor, ...e });

  async function found(id: string) {
    const row = await d.repo.find(id);
    if (!row) throw styleNotFound();
    return row;
  }

  async function setActive(actor: AuditActor, id: string, active: boolean): Promise<AdminStyle> {
    const { style, generatedCount } = await found(id);
    if (style.isActive === active) return toStyle(style, generatedCount);
    const row = await change(async (tx) => {
      const row = await d.repo.update(tx, id, { isActive: active });
      if (!row) throw styleNotFound();
      await d.audit.write(tx, activeSwitched(actor, "style", id, active));
      return row;
    });
    return toStyle(row, generatedCount);
  }

  return {
    async list(q: AdminStylesQuery): Promise<AdminStylesPage> {
      const { items, total } = await d.repo.list(q);
      return {
        items: items.map((r) => toRow(r.style, r.generatedCount)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async get(id: string): Promise<AdminStyle> {
      const { style, generatedCount } = await found(id);
      return toStyle(style, generatedCount);
    },

    /** Changes the given fields; the audit row holds only those whose value changed. */
    async update(actor: AuditActor, id: string, changes: AdminStyleChanges): Promise<AdminStyle> {
      const { style, generatedCount } = await found(id);
      const patch = patchOf(changes);
      const { before, after } = diffFields(style, patch);
      if (Object.keys(after).length === 0) return toStyle(style, generatedCount);
      const changed = Object.fromEntries(
        Object.keys(after).map((k) => [k, patch[k as keyof StylePatch]]),
      ) as StylePatch;
      const row = await change(async (tx) => {
        const row = await d.repo.update(tx, id, changed);
        if (!row) throw styleNotFound();
        await audited(tx, actor, {
          action: "style.updated",
          entityType: "style",
          entityId: id,
          before,
          after,
        });
        return row;
      });
      return toStyle(row, generatedCount);
    },

    setActive,

    /** A copy: new unique slug, "(copy)"/"(salinan)" names, inactive, just after the original. */
    async duplicate(actor: AuditActor, id: string): Promise<AdminStyle> {
      const { style } = await found(id);
      const base = style.slug.replace(/-copy(-\d+)?$/, "");
      const slug = copySlug(style.slug, await d.repo.slugsLike(`${base}-copy`));
      const copy = await change(async (tx) => {
        const row = await d.repo.insertCopy(tx, style, {
          slug,
          name: `${style.name} (copy)`.slice(0, 120),
          nameId: `${style.nameId} (salinan)`.slice(0, 120),
          sortOrder: style.sortOrder + 1,
          isActive: false,
        });
        await audited(tx, actor, {
          action: "style.duplicated",
          entityType: "style",
          entityId: row.id,
          before: { sourceId: style.id, slug: style.slug },
          after: { id: row.id, slug: row.slug, name: row.name, nameId: row.nameId },
        });
        return row;
      });
      return toStyle(copy, 0);
    },

    /** Soft delete: gone from /eksplor and from this section (404 afterwards). */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const { style } = await found(id);
      await change(async (tx) => {
        if (!(await d.repo.softDelete(tx, id))) throw styleNotFound();
        await audited(tx, actor, {
          action: "style.deleted",
          entityType: "style",
          entityId: id,
          before: { slug: style.slug, name: style.name, isActive: style.isActive },
          after: { deleted: true },
        });
      });
    },

    /**
     * Queues the existing previews job (its pairs are drawn again). The job lives in the queue's
     * own tables, so the audit row is written right after it is queued.
     */
    async generatePreviews(actor: AuditActor, id: string): Promise<PreviewJob> {
      await found(id);
      // Ahead of the start-up backlog (priority = styles left): an operator is waiting for it.
      const jobId = await d.queue.send(
        STYLE_PREVIEWS_JOB,
        { styleId: id },
        { priority: 1_000_000 },
      );
      if (!jobId)
        throw errors.conflict("conflict", "The previews of this style are already queued");
      await d.db.transaction((tx) =>
        audited(tx, actor, {
          action: "style.previews_requested",
          entityType: "style",
          entityId: id,
          after: { jobId },
        }),
      );
      return { jobId, state: "created", done: false, pairs: (await d.repo.pairs(id)).length };
    },

    async previewsStatus(id: string, jobId: string): Promise<PreviewJob> {
      await found(id);
      const job = await d.queue.jobInfo(STYLE_PREVIEWS_JOB, jobId);
      const s = job?.state ?? "unknown";
      return { jobId, state: s, done: DONE_STATES.has(s), pairs: (await d.repo.pairs(id)).length };
    },

    async pairs(id: string): Promise<AdminStylePair[]> {
      await found(id);
      return (await d.repo.pairs(id)).map(toPairView);
    },

    /** Both photos go through the photo pipeline before anything is written. */
    async addPair(
      actor: AuditActor,
      id: string,
      input: { before: Buffer; after: Buffer; title: string | null },
    ): Promise<AdminStylePair> {
      await found(id);
      const beforeKey = await d.images.store(input.before);
      let afterKey: string;
      try {
        afterKey = await d.images.store(input.after);
      } catch (e) {
        await d.images.remove(beforeKey);
        throw e;
      }
      try {
        const row = await change(async (tx) => {
          const pair = await d.repo.addPair(tx, id, { beforeKey, afterKey, title: input.title });
          await audited(tx, actor, {
            action: "style_preview_pair.created",
            entityType: "style_preview_pair",
            entityId: pair.id,
            after: pairRecord(id, pair),
          });
          return pair;
        });
        return toPairView(row);
      } catch (e) {
        await Promise.all([d.images.remove(beforeKey), d.images.remove(afterKey)]);
        throw e;
      }
    },

    /** `ids` must be every pair of the style, each once. */
    async reorderPairs(actor: AuditActor, id: string, ids: string[]): Promise<AdminStylePair[]> {
      await found(id);
      const current = await d.repo.pairs(id);
      const known = new Set(current.map((p) => p.id));
      if (
        ids.length !== known.size ||
        new Set(ids).size !== ids.length ||
        ids.some((x) => !known.has(x))
      )
        throw errors.validation(
          [{ path: ["ids"], message: "List every pair of this style exactly once" }],
          "List every pair of this style exactly once",
        );
      await change(async (tx) => {
        await d.repo.reorderPairs(tx, id, ids);
        await audited(tx, actor, {
          action: "style_preview_pair.reordered",
          entityType: "style",
          entityId: id,
          before: { order: current.map((p) => p.id) },
          after: { order: ids },
        });
      });
      return (await d.repo.pairs(id)).map(toPairView);
    },

    /** Deletes the pair, then its images that nothing else points at (copies share them). */
    async deletePair(actor: AuditActor, id: string, pairId: string): Promise<void> {
      await found(id);
      const row = await change(async (tx) => {
        const pair = await d.repo.deletePair(tx, id, pairId);
        if (!pair) throw errors.notFound("Pair not found");
        await audited(tx, actor, {
          action: "style_preview_pair.deleted",
          entityType: "style_preview_pair",
          entityId: pair.id,
          before: pairRecord(id, pair),
        });
        return pair;
      });
      const keys = [row.beforeImageKey, row.afterImageKey].filter(
        (k): k is string => !!k && k !== "placeholder",
      );
      const used = await d.repo.keysInUse(keys);
      for (const k of keys) if (!used.has(k)) await d.images.remove(k);
    },
  };
}
export type AdminStylesService = ReturnType<typeof createAdminStylesService>;
