import type { RouteByName, RouteInput, RouteName, RouteOutput, RouteRef } from "@rupa/shared";

/** One problem with one field of a request, as the server's validation reports it. */
export type ApiIssue = { path: (string | number)[]; message: string; code?: string };

/**
 * An error answer from the API, or a failure to reach it. `code` is the server's error code
 * (see docs/product/errors.md); the web maps it to a translated message with `errors.codes.<CODE>`.
 * Codes made here: NETWORK_ERROR (status 0), INVALID_RESPONSE, HTTP_<status>.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string;
  readonly status: number;
  readonly issues: ApiIssue[] | undefined;

  constructor(code: string, status: number, message: string, issues?: ApiIssue[]) {
    super(message);
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function readIssues(value: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item: unknown): ApiIssue[] => {
    if (typeof item !== "object" || item === null) return [];
    const record = item as Record<string, unknown>;
    if (typeof record.message !== "string") return [];
    const path = Array.isArray(record.path)
      ? record.path.filter(
          (p): p is string | number => typeof p === "string" || typeof p === "number",
        )
      : [];
    return [
      {
        path,
        message: record.message,
        ...(typeof record.code === "string" ? { code: record.code } : {}),
      },
    ];
  });
}

/** Reads the server's `{ error: { code, message, issues? } }` shape, whatever came back. */
export function toApiError(status: number, body: unknown): ApiError {
  if (typeof body === "object" && body !== null && "error" in body) {
    const error = body.error;
    if (typeof error === "object" && error !== null) {
      const record = error as Record<string, unknown>;
      const code = typeof record.code === "string" ? record.code : `HTTP_${status}`;
      const message =
        typeof record.message === "string" ? record.message : `Request failed (${status})`;
      return new ApiError(code, status, message, readIssues(record.issues));
    }
  }
  return new ApiError(`HTTP_${status}`, status, `Request failed (${status})`);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("INVALID_RESPONSE", response.status, "The server sent malformed JSON");
  }
}

type Input<N extends RouteName> = RouteInput<RouteByName<N>>;
/** A route's path parameters and query (what its URL is made of). */
type UrlInput<N extends RouteName> = Omit<Input<N>, "body">;
type Params = Record<string, string | number>;
type Query = Record<string, string | number | boolean | null | undefined>;

/** The URL of a declared route: path parameters filled in, the query appended. */
export function routeUrl<N extends RouteName>(
  route: RouteRef<N>,
  ...[input]: Partial<UrlInput<N>> extends UrlInput<N>
    ? [input?: UrlInput<N>]
    : [input: UrlInput<N>]
): string {
  const [, template] = route;
  const { params, query } = (input ?? {}) as { params?: Params; query?: Query };
  const path = template.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, key: string, pattern) => {
    const value = String(params?.[key] ?? "");
    // A parameter that may hold slashes (`:key{.+}`) keeps them between encoded segments.
    return pattern ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export type CallOptions = {
  signal?: AbortSignal | undefined;
  /** Let the request outlive the page (events sent while it is being hidden). */
  keepalive?: boolean;
};

/**
 * Calls one declared API route (packages/shared contracts) with the session cookie. Resolves
 * with the route's success body; rejects with an ApiError for an error status, a network
 * failure or (in development and tests) an answer its contract refuses.
 *
 *   import * as routes from "@rupa/shared/route-table";
 *   const { generation } = await call(routes.generationsStart, { body: { uploadId, styleId } });
 *   const page = await call(routes.galleryPage, { query: { sort: "newest" } }, { signal });
 *
 * Only the method and path of the routes a page calls travel in its bundle (route-table.ts has one
 * export per route); the schemas stay on the server and in development builds, so the landing
 * page downloads no zod.
 */
export async function call<N extends RouteName>(
  route: RouteRef<N>,
  ...[input, options]: Partial<Input<N>> extends Input<N>
    ? [input?: Input<N>, options?: CallOptions]
    : [input: Input<N>, options?: CallOptions]
): Promise<RouteOutput<RouteByName<N>>> {
  const [method, path] = route;
  const url = (routeUrl as (r: RouteRef, i?: unknown) => string)(route, input);
  const body = (input as { body?: unknown } | undefined)?.body;
  const { status, data } = await send(url, method, body, options ?? {});
  if (import.meta.env.DEV) {
    const { checkAnswer } = await import("./api-contract-check");
    const mismatch = checkAnswer(method, path, status, data);
    if (mismatch) throw new ApiError("INVALID_RESPONSE", status, mismatch.message, mismatch.issues);
  }
  return data as RouteOutput<RouteByName<N>>;
}

async function send(
  url: string,
  method: string,
  body: unknown,
  { signal, keepalive }: CallOptions,
): Promise<{ status: number; data: unknown }> {
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: { Accept: "application/json" },
    ...(signal ? { signal } : {}),
    ...(keepalive ? { keepalive } : {}),
  };
  if (body !== undefined) {
    if (isRawBody(body)) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      init.headers = { "Content-Type": "application/json", ...init.headers };
    }
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("NETWORK_ERROR", 0, "The server could not be reached");
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (!response.ok) throw toApiError(response.status, undefined);
    throw error;
  }
  if (!response.ok) throw toApiError(response.status, data);
  return { status: response.status, data };
}
