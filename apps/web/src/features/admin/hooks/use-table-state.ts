import { useCallback, useMemo } from "react";
import { useSearchParams } from "@/lib/router";
import type { z } from "zod";

/** An admin table's query schema from `@rupa/shared` (`adminTableQuery(...)`). */
export type TableQuerySchema = z.ZodObject<Record<string, z.ZodType>>;

/**
 * Reads the URL with the table's shared query schema, one parameter at a time: a parameter that
 * does not validate (a hand-edited or stale link) falls back to its default instead of breaking
 * the page. The result is exactly what the server accepts.
 */
export function readTableState<S extends TableQuerySchema>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : field.safeParse(raw);
    state[key] = parsed?.success ? parsed.data : field.safeParse(undefined).data;
  }
  return state as z.output<S>;
}

/** The URL for a state: defaults are left out so links stay short; other parameters stay. */
export function writeTableState<S extends TableQuerySchema>(
  schema: S,
  params: URLSearchParams,
  state: Partial<z.output<S>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!(key in state)) continue;
    const value = (state as Record<string, unknown>)[key];
    const fallback = field.safeParse(undefined).data;
    if (value === undefined || value === null || value === "" || value === fallback) {
      next.delete(key);
    } else {
      next.set(
        key,
        typeof value === "string" || typeof value === "number" ? `${value}` : JSON.stringify(value),
      );
    }
  }
  return next;
}

/**
 * An admin table's state (`?page&pageSize&sort&q&<filters>`) kept in the URL, so a reload or a
 * shared link shows the same view. Changing anything but the page goes back to page 1.
 */
export function useTableState<S extends TableQuerySchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readTableState(schema, params), [schema, params]);

  const set = useCallback(
    (patch: Partial<z.output<S>>, opts: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const merged = { ...readTableState(schema, current), ...patch } as z.output<S>;
          if (!("page" in patch)) (merged as Record<string, unknown>).page = 1;
          return writeTableState(schema, current, merged);
        },
        { replace: opts.replace ?? false },
      );
    },
    [schema, setParams],
  );

  return { state, set };
}
