import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { CatalogueVersion } from "./styles.repository";

/**
 * A serialized answer kept in memory: its JSON as UTF-8 bytes (sent as they are: no encoding or
 * length counting per request), its ETag and its gzip bytes.
 */
export interface CachedJson {
  body: Buffer;
  etag: string;
  gzip: Buffer;
}

export interface CatalogueCacheOptions {
  /** Longest an answer is kept (its usage counts and "popular" order may lag this much). */
  maxAgeMs?: number;
  /** How often, at most, the database's catalogue version is read (in the background). */
  checkEveryMs?: number;
}

interface Entry {
  at: number;
  version: string | null;
  value: Promise<CachedJson>;
}

const versionKey = (v: CatalogueVersion) => `${v.count}:${v.updatedAt ?? ""}`;

/**
 * The public catalogue's answers, serialized once per variant (docs/decisions/010). Dropped at
 * once when this process writes a style (the repository's onChange), and within about a second
 * when another process does: a background read of the catalogue version, at most once per
 * `checkEveryMs`, never on a request's path once the cache is warm.
 */
export function createCatalogueCache(
  source: {
    catalogueVersion(): Promise<CatalogueVersion>;
    onChange(listener: () => void): () => void;
  },
  opts: CatalogueCacheOptions = {},
) {
  const maxAgeMs = opts.maxAgeMs ?? 30_000;
  const checkEveryMs = opts.checkEveryMs ?? 1000;
  const entries = new Map<string, Entry>();
  /** The version last read from the database (null: not read yet, or the read failed). */
  let known: string | null = null;
  let checkedAt = 0;
  let checking = false;

  const clear = () => entries.clear();
  source.onChange(clear);

  const readVersion = () => source.catalogueVersion().then(versionKey, () => null as string | null);

  function check() {
    if (checking || Date.now() - checkedAt < checkEveryMs) return;
    checking = true;
    void readVersion().then((v) => {
      known = v;
      checkedAt = Date.now();
      checking = false;
    });
  }

  return {
    /** The cached answer for `key`, built with `build` when missing, stale or outdated. */
    async get(key: string, build: () => Promise<unknown>): Promise<CachedJson> {
      check();
      const e = entries.get(key);
      const fresh = e && Date.now() - e.at < maxAgeMs && (known === null || e.version === known);
      if (fresh) return e.value;
      const entry: Entry = { at: Date.now(), version: known, value: Promise.resolve(null!) };
      entry.value = (async () => {
        // The version is read before the rows: a write in between makes the entry outdated.
        const version = await readVersion();
        entry.version = version;
        if (known === null) known = version;
        const body = Buffer.from(JSON.stringify(await build()), "utf8");
        const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
        return { body, etag, gzip: gzipSync(body) };
      })();
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear,
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
