import type { z } from "zod";

/**
 * How a route is declared, once, for the server (mounting and validation), the web (the typed
 * `call()`), and GET /api/openapi.json. See docs/decisions/015-route-contracts.md.
 *
 *   export const generationsContract = defineRoutes({
 *     start: {
 *       method: "POST", path: "/api/generations", summary: "Start one avatar",
 *       access: "guest_or_member", body: startGenerationRequestSchema,
 *       responses: { 202: generationResponseSchema },
 *     },
 *   });
 *
 * Paths use Hono's syntax (`:id`, `:key{.+}`). Error answers are not listed per route: every
 * route may answer the one error shape (`errorBodySchema`) with the statuses of `errorStatuses`:
 * those in `errors`, plus what its access and `notFound` already say (401 for a member's route,
 * 401 and 403 for an admin's, 404 when its parameters name a thing), which are not repeated.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call a route; the server checks it, the description documents it. */
export type RouteAccess =
  | "public"
  /** A signed-in member, or a visitor with a guest session. */
  | "guest_or_member"
  | "member"
  | "admin"
  /** Proven by a signature or a token in the request, not by a session. */
  | "signed";

/** A response that is not a JSON body. */
export interface OtherResponse {
  readonly kind: "event-stream" | "file" | "redirect" | "empty";
  readonly description: string;
  /** The JSON of each event, for an event stream. */
  readonly event?: z.ZodType;
}

export type ResponseSpec = z.ZodType | OtherResponse;

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly access: RouteAccess;
  readonly params?: z.ZodType;
  /** Path parameters that don't validate answer 404 with this message (the thing isn't there). */
  readonly notFound?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** How the body travels; `json` unless given. */
  readonly bodyType?: "json" | "multipart" | "form" | "raw";
  /** Success (and other non-error) answers by status. */
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /**
   * Error statuses this route answers with the error shape, besides 400/500 and those its access
   * and `notFound` imply (see `errorStatuses`).
   */
  readonly errors?: readonly number[];
}

export type RouteGroup = Readonly<Record<string, RouteSpec>>;

const ACCESS_ERRORS: Record<RouteAccess, readonly number[]> = {
  public: [],
  guest_or_member: [],
  member: [401],
  admin: [401, 403],
  signed: [],
};

/** Every error status a route may answer, in order: 400, its own, its access's, 404 for `notFound`, 500. */
export function errorStatuses(route: RouteSpec): number[] {
  const statuses = new Set([400, ...(route.errors ?? []), ...ACCESS_ERRORS[route.access], 500]);
  if (route.notFound) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** Declares a group of routes; returns them unchanged with their literal types. */
export function defineRoutes<const T extends RouteGroup>(routes: T): T {
  return routes;
}

export const eventStream = (event: z.ZodType, description: string): OtherResponse => ({
  kind: "event-stream",
  description,
  event,
});
export const fileResponse = (description: string): OtherResponse => ({ kind: "file", description });
export const redirectResponse = (description: string): OtherResponse => ({
  kind: "redirect",
  description,
});
export const emptyResponse = (description: string): OtherResponse => ({
  kind: "empty",
  description,
});

export function isOtherResponse(spec: ResponseSpec): spec is OtherResponse {
  return typeof spec === "object" && spec !== null && "kind" in spec && "description" in spec;
}

// ---------------------------------------------------------------------------------------------
// Types derived from a declaration

/** A browser FormData (the shared package is built without the DOM types). */
export interface FormDataLike {
  append(name: string, value: unknown, fileName?: string): void;
}

/** What a caller sends: path parameters, query and body, each only where the route has one. */
export type RouteInput<R extends RouteSpec> = (R extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : unknown) &
  (R extends { query: infer Q extends z.ZodType }
    ? Partial<z.input<Q>> extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : unknown) &
  (R extends { body: infer B extends z.ZodType }
    ? R extends { bodyType: "multipart" }
      ? { body: FormDataLike }
      : { body: z.input<B> }
    : unknown);

/** What the server has after validation. */
export type ParsedInput<R extends RouteSpec> = {
  params: R extends { params: infer P extends z.ZodType } ? z.output<P> : undefined;
  query: R extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  body: R extends { body: infer B extends z.ZodType }
    ? R extends { bodyType: "multipart" | "raw" | "form" }
      ? undefined
      : z.output<B>
    : undefined;
};

type JsonStatuses<R extends RouteSpec> = {
  [S in keyof R["responses"] & number]: R["responses"][S] extends z.ZodType ? S : never;
}[keyof R["responses"] & number];

/** A JSON answer the server may give: one of the declared statuses with its body. */
export type JsonReply<R extends RouteSpec> = {
  [S in JsonStatuses<R>]: { status: S; body: z.input<R["responses"][S] & z.ZodType> };
}[JsonStatuses<R>];

type SuccessStatus = 200 | 201 | 202 | 203;

/** What a successful call resolves with: the 2xx JSON body (undefined for other answers). */
export type RouteOutput<R extends RouteSpec> = {
  [S in keyof R["responses"] & number]: S extends SuccessStatus
    ? R["responses"][S] extends z.ZodType
      ? z.output<R["responses"][S]>
      : undefined
    : never;
}[keyof R["responses"] & number];

/**
 * A route as the web bundles it (route-table.ts): method and path, and its name as a type only,
 * from which `call()` takes the input and output types.
 */
export type RouteRef<N extends string = string> = readonly [method: HttpMethod, path: string] & {
  readonly __route?: N;
};

/** `/api/files/:bucket/:key{.+}` → `/api/files/{bucket}/{key}` (OpenAPI and URL building). */
export function templatePath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
}
