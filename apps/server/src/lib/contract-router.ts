import {
  isOtherResponse,
  type JsonReply,
  type ParsedInput,
  type RouteAccess,
  type RouteSpec,
} from "@rupa/shared";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Actor } from "./actor";
import { errors } from "./errors";
import { readJson, readQuery, toIssues, type AppEnv } from "./http";

/**
 * What a route's handler receives after the contract's checks: the parsed input and, on every
 * route but a public one, the request's verified actor (resolved once, by the guard; a public
 * route's handler that needs it asks `ctx.resolveActor`, so the public catalogue never touches
 * the session store). On a member or admin route `userId` is the signed-in user's id (the guard
 * refused everyone else).
 */
export type HandlerInput<R extends RouteSpec> = ParsedInput<R> &
  (R["access"] extends "public"
    ? { actor?: undefined; userId?: undefined }
    : {
        actor: Actor;
        userId: R["access"] extends "member" | "admin" ? string : string | null;
      });

/** What a route's handler receives, and what it answers. */
export type RouteHandler<R extends RouteSpec> = (
  c: Context<AppEnv>,
  input: HandlerInput<R>,
) => Promise<JsonReply<R> | Response> | JsonReply<R> | Response;

type Handlers<R extends RouteSpec> = [...MiddlewareHandler<AppEnv>[], RouteHandler<R>];

export interface ContractRouterOptions {
  /**
   * Checks the caller may call a route of this access (throws 401/403); the request's actor,
   * except on a public route (undefined: nothing is resolved).
   */
  guard(access: RouteAccess, c: Context<AppEnv>): Promise<Actor | undefined>;
  /** Validate every JSON answer against the contract (development and tests). */
  checkResponses: boolean;
}

/** The API prefix every contract path starts with; routers are mounted under it. */
const API_PREFIX = "/api";

export class ContractViolation extends Error {
  override readonly name = "ContractViolation";
}

/**
 * Mounts routes from their contracts (packages/shared): a route exists on the server only as a
 * declared contract. Before the handler: the access guard, then path parameters (404 with the
 * route's `notFound` message, else 400), query and JSON body, validated with the contract's
 * schemas. After it, in development and tests, the answer is checked against the declared
 * statuses and schemas, so a contract that drifts from the code fails a test.
 *
 *   const r = contractRouter(options);
 *   r.on(generationsContract.get, async (c, { params }) => ({ status: 200, body: ... }));
 *   api.route("/", r.hono);
 */
export function contractRouter(options: ContractRouterOptions) {
  const hono = new Hono<AppEnv>();

  function on<R extends RouteSpec>(route: R, ...handlers: Handlers<R>) {
    if (!route.path.startsWith(`${API_PREFIX}/`)) {
      throw new Error(`A route contract's path must start with ${API_PREFIX}/: ${route.path}`);
    }
    const handler = handlers.at(-1) as RouteHandler<R>;
    const middleware = handlers.slice(0, -1) as MiddlewareHandler<AppEnv>[];
    const label = `${route.method} ${route.path}`;

    const endpoint = async (c: Context<AppEnv>) => {
      const actor = await options.guard(route.access, c);
      const input = {
        params: undefined,
        query: undefined,
        body: undefined,
        actor,
        userId: actor?.userId,
      } as Record<keyof HandlerInput<R>, unknown>;
      if (route.params) {
        const parsed = route.params.safeParse(c.req.param());
        if (!parsed.success) {
          if (route.notFound) throw errors.notFound(route.notFound);
          throw errors.validation(toIssues(parsed.error));
        }
        input.params = parsed.data;
      }
      if (route.query) input.query = readQuery(c, route.query);
      if (route.body && (route.bodyType ?? "json") === "json") {
        input.body = await readJson(c, route.body);
      }
      const out = await handler(c, input as HandlerInput<R>);
      if (out instanceof Response) {
        if (options.checkResponses && !(out.status in route.responses)) {
          throw new ContractViolation(`${label} answered ${out.status}, not in its contract`);
        }
        return out;
      }
      if (options.checkResponses) {
        const spec = route.responses[out.status];
        if (!spec || isOtherResponse(spec)) {
          throw new ContractViolation(`${label} answered JSON ${out.status}, not in its contract`);
        }
        const checked = spec.safeParse(out.body);
        if (!checked.success) {
          throw new ContractViolation(
            `${label} answered a ${out.status} its contract refuses: ${JSON.stringify(toIssues(checked.error))}`,
          );
        }
      }
      return c.json(out.body as object, out.status as ContentfulStatusCode);
    };

    hono.on(route.method, [route.path.slice(API_PREFIX.length)], ...middleware, endpoint);
    return api;
  }

  const api = { hono, on };
  return api;
}
