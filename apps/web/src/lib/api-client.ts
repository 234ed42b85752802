import type { ZodType, output } from "zod";

/** One problem with one field of a request, as the server's validation reports it. */
export type ApiIssue = { path: (string | number)[]; message: string; code?: string };

/**
 * An error answer from the API, or a failure to reach it. `code` is the server's error code
 * (see spec §8); the web maps it to a translated message with `errors.codes.<CODE>`.
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

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiFetchOptions<S extends ZodType | undefined = undefined> = {
  method?: Method;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  /** When given, the response body is validated with it and its output type is returned. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

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

/**
 * Calls the Rupa API with the session cookie. Resolves with the (validated) body; rejects
 * with an ApiError for an error status, a network failure or a body the schema refuses.
 *
 *   const me = await apiFetch("/api/me", { schema: meSchema });
 *   await apiFetch("/api/feedback", { method: "POST", body: { title, message } });
 */
export function apiFetch<S extends ZodType>(
  path: string,
  options: ApiFetchOptions<S> & { schema: S },
): Promise<output<S>>;
export function apiFetch<T = unknown>(path: string, options?: ApiFetchOptions): Promise<T>;
export async function apiFetch(
  path: string,
  options: ApiFetchOptions<ZodType | undefined> = {},
): Promise<unknown> {
  const { method = "GET", body, schema, signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: { Accept: "application/json", ...headers },
    ...(signal ? { signal } : {}),
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
    response = await fetch(path, init);
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

  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      "INVALID_RESPONSE",
      response.status,
      "The server's answer did not match what the app expects",
      parsed.error.issues.map((issue) => ({
        path: issue.path.filter((p): p is string | number => typeof p !== "symbol"),
        message: issue.message,
        code: issue.code,
      })),
    );
  }
  return parsed.data;
}
