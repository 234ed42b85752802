import { randomBytes } from "node:crypto";
import {
  authContract,
  guestsContract,
  PHOTO_CONSENT_VERSION,
  privacyContract,
  isOtherResponse,
  type ErrorBody,
  type JsonReply,
  type RouteInput,
  type RouteSpec,
} from "@rupa/shared";
import { expect } from "vitest";
import type { z } from "zod";
import type { createApp } from "../src/app";

/**
 * The one way the integration tests call the API (issue 35): a route's contract from
 * packages/shared in, the answer out with its body typed from the contract.
 *
 *   const me = await t.client.as(jar).call(api.account.me);
 *   expect(me.status).toBe(200);
 *   me.body.user?.email;                    // typed from the contract's 200 schema
 *   const bad = await t.client.call(api.auth.signIn, { body: { email, password: "x" } });
 *   bad.error.code;                          // the one error shape, for any error status
 *
 * Each request comes from a new address (X-Forwarded-For 10.200.x.y, which the server reads with
 * TRUST_PROXY=true) unless `ip` is given (then the server sees that address whether it trusts a
 * proxy or not), so per-address limits do not interfere. It says it is from Rupa's own page
 * (`Sec-Fetch-Site: same-origin`, added by the harness's `app.request()`) unless it sets Origin,
 * Sec-Fetch-Site or Referer itself. A client made with `as(jar)` sends the jar's cookies and keeps
 * what the answers set: one jar is one browser. Who is signed in can also be pinned for every
 * request with `t.actAs()`, as before.
 *
 * `raw()` is the escape hatch for what a contract's types forbid (invalid JSON, wrong types,
 * headers or content types chosen by the test, or with `bare` a request exactly as given) and
 * for URLs taken as they are: a link from an e-mail, a page or a file outside the contracts.
 */
export interface TestClient {
  /** The browser's cookies, when the client was made with `as()`, `guest()` or `signIn()`. */
  readonly jar: CookieJar | undefined;
  /** Calls a declared route with its path parameters, query and body. */
  call<R extends RouteSpec>(
    route: R,
    ...[input]: Partial<CallInput<R>> extends CallInput<R>
      ? [input?: CallInput<R>]
      : [input: CallInput<R>]
  ): Promise<Reply<ReplyBody<R>>>;
  /**
   * Sends what the test says, outside a contract's types: to a path (its query included), or to
   * a route's method and path (`params` filled in). `body` is sent as JSON whatever it is,
   * `rawBody` exactly as given (as `application/json` unless the test's headers say otherwise).
   */
  raw<R extends RouteSpec>(target: R, request?: RawRequest): Promise<Reply<ReplyBody<R>>>;
  raw(target: string, request?: RawRequest): Promise<Reply>;
  /** The same client as the browser holding `who`'s cookies. */
  as(who: CookieJar | { jar: CookieJar }): TestClient;
  /** The same client with these options on every request (a call's own options win). */
  with(options: RequestOptions): TestClient;
  /**
   * This browser (a new one if the client has no jar) opens a guest session, its free try;
   * asserts the answer was 200.
   */
  guest(
    options?: { fingerprint?: string; consent?: boolean } & RequestOptions,
  ): Promise<TestClient>;
  /**
   * This browser (a new one if the client has no jar) signs in with e-mail and password;
   * asserts the answer was 200.
   */
  signIn(email: string, password: string, options?: RequestOptions): Promise<TestClient>;
}

export interface RequestOptions {
  /**
   * The address the request comes from: sent as X-Forwarded-For (read with TRUST_PROXY=true) and
   * as the socket's peer address (read without). If not given, a new X-Forwarded-For address
   * each request, and no peer address (the server says "unknown" when it trusts no proxy).
   */
  ip?: string;
  /** An Origin header (a write from another site, say). */
  origin?: string;
  /** Cookies sent besides the jar's (a session cookie taken on its own, noise). */
  cookie?: string;
  /** Headers besides these; they win over the client's own. */
  headers?: Record<string, string>;
}

export interface RawRequest extends RequestOptions {
  /** The route's method with a route target; otherwise POST when there is a body, else GET. */
  method?: string;
  /** A route target's path parameters. */
  params?: Record<string, string | number>;
  /** Query parameters, appended to the path (which may hold some already). */
  query?: Record<string, unknown>;
  /** Sent as JSON (`content-type: application/json`), whatever it is. */
  body?: unknown;
  /** Sent exactly as given: invalid JSON, a signed text, a form. */
  rawBody?: string | Uint8Array | URLSearchParams;
  /** Sent as multipart. */
  form?: FormData;
  /**
   * The request exactly as given, through `app.fetch()` to PUBLIC_URL: no address, no origin
   * signal, no cookies but the test's own.
   */
  bare?: boolean;
}

/** What a call to route R sends: its path parameters, query and body, and request options. */
export type CallInput<R extends RouteSpec> = Omit<RouteInput<R>, "body"> &
  BodyInput<R> &
  RequestOptions;

/** JSON and form bodies by their schema (a form is sent urlencoded), multipart as FormData. */
type BodyInput<R extends RouteSpec> = R extends { body: infer B extends z.ZodType }
  ? R extends { bodyType: "multipart" }
    ? { body: FormData }
    : R extends { bodyType: "raw" }
      ? // A signed body: the exact text the signature covers, or an object sent as its JSON.
        { body: z.input<B> | string }
      : { body: z.input<B> }
  : { body?: never };

/** The JSON body of the route's declared statuses (what its handler answers), if it has any. */
export type ReplyBody<R extends RouteSpec> = [JsonReply<R>] extends [never]
  ? undefined
  : JsonReply<R>["body"];

/** One server-sent event of an event stream. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** An answer, read whole. */
export interface Reply<Body = unknown> {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  /**
   * The JSON body of a status the route declares (any 2xx for `raw()` to a path), typed from
   * the contract. Reading it from another answer (an error) throws, naming what came instead.
   */
  readonly body: Body;
  /** The error of an error answer (`{ error: { code, message, issues? } }`); throws otherwise. */
  readonly error: ErrorBody["error"];
  /** The body parsed as JSON, whatever the status; undefined when it is not JSON. */
  readonly json: unknown;
  readonly text: string;
  readonly bytes: Buffer;
  /** The events of a `text/event-stream` answer that carry data, each `data` parsed as JSON. */
  readonly events: StreamEvent[];
}

type App = ReturnType<typeof createApp>;

/** A tiny cookie jar for app.request(): keeps what Set-Cookie sets, sends it back. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get size() {
    return this.cookies.size;
  }
}

/** `/api/files/:bucket/:key{.+}` with `{ bucket, key }` → the path, each value encoded. */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, key: string, pattern) => {
    if (!(key in params)) throw new Error(`${template}: no value for :${key}`);
    const value = String(params[key]);
    // A parameter that may hold slashes (`:key{.+}`) keeps them between encoded segments.
    return pattern ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
  });
}

function withQuery(path: string, query: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

function parseEvents(text: string): StreamEvent[] {
  return text
    .split(/\n\n+/)
    .filter((block) => /^data:/m.test(block))
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      return { event, data: JSON.parse(data.join("\n")) as unknown };
    });
}

async function readReply(
  res: Response,
  method: string,
  url: string,
  route: RouteSpec | undefined,
): Promise<Reply> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8");
  const isJson = /\bjson\b/i.test(res.headers.get("content-type") ?? "");
  let json: unknown;
  if (isJson && text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  const label = `${method} ${url} answered ${res.status}`;
  const shown = () => (text.length > 500 ? `${text.slice(0, 500)}…` : text);
  return {
    method,
    url,
    status: res.status,
    headers: res.headers,
    get body() {
      const spec = route?.responses[res.status];
      if (spec && isOtherResponse(spec)) return undefined;
      if (spec || (!route && res.status >= 200 && res.status < 300)) {
        if (json === undefined && text) throw new Error(`${label} with a body that is not JSON`);
        return json;
      }
      throw new Error(
        `${label}, not a status ${route ? "its contract declares" : "2xx"}: ${shown()}`,
      );
    },
    get error() {
      const error = (json as Partial<ErrorBody> | undefined)?.error;
      if (res.status < 400 || typeof error !== "object") {
        throw new Error(`${label}, not an error answer: ${shown()}`);
      }
      return error;
    },
    json,
    text,
    bytes,
    get events() {
      return parseEvents(text);
    },
  };
}

interface Sender {
  app: App;
  publicUrl: string;
  nextAddress(): string;
}

interface Outgoing extends RequestOptions {
  method: string;
  path: string;
  route?: RouteSpec;
  jar?: CookieJar | undefined;
  json?: unknown;
  rawBody?: string | Uint8Array | URLSearchParams;
  form?: FormData;
  bare?: boolean;
}

async function send(sender: Sender, out: Outgoing): Promise<Reply> {
  const headers = new Headers();
  if (!out.bare) headers.set("x-forwarded-for", out.ip ?? sender.nextAddress());
  else if (out.ip) headers.set("x-forwarded-for", out.ip);
  if (out.json !== undefined) headers.set("content-type", "application/json");
  if (out.rawBody !== undefined) {
    const form = out.rawBody instanceof URLSearchParams;
    headers.set("content-type", form ? "application/x-www-form-urlencoded" : "application/json");
  }
  const cookie = [out.jar?.size ? out.jar.header() : "", out.cookie ?? ""].filter(Boolean);
  if (cookie.length) headers.set("cookie", cookie.join("; "));
  if (out.origin) headers.set("origin", out.origin);
  for (const [name, value] of Object.entries(out.headers ?? {})) headers.set(name, value);
  const init: RequestInit = {
    method: out.method,
    headers,
    body:
      out.form ?? out.rawBody ?? (out.json !== undefined ? JSON.stringify(out.json) : undefined),
  };
  // The socket's peer address, as @hono/node-server hands it to the app.
  const env = out.ip ? { incoming: { socket: { remoteAddress: out.ip } } } : undefined;
  const res = out.bare
    ? await sender.app.fetch(new Request(`${sender.publicUrl}${out.path}`, init), env)
    : await sender.app.request(out.path, init, env);
  out.jar?.store(res);
  return readReply(res, out.method, out.path, out.route);
}

function client(sender: Sender, jar: CookieJar | undefined, defaults: RequestOptions): TestClient {
  const merge = (options: RequestOptions) => ({
    ...defaults,
    ...options,
    headers: { ...defaults.headers, ...options.headers },
  });
  const self: TestClient = {
    jar,
    call(route, ...[input]) {
      const { params, query, body, ...options } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: unknown;
        body?: unknown;
      } & RequestOptions;
      const kind = route.bodyType ?? "json";
      const out: Outgoing = {
        ...merge(options),
        method: route.method,
        path: withQuery(fillPath(route.path, params), query),
        route,
        jar,
      };
      if (body !== undefined) {
        if (kind === "multipart") out.form = body as FormData;
        else if (kind === "form") out.rawBody = new URLSearchParams(body as Record<string, string>);
        else if (kind === "raw" && typeof body === "string") out.rawBody = body;
        else out.json = body;
      }
      return send(sender, out) as Promise<never>;
    },
    raw(target: string | RouteSpec, request: RawRequest = {}) {
      const { method, params, query, body, rawBody, form, bare, ...options } = request;
      const route: RouteSpec | undefined = typeof target === "string" ? undefined : target;
      const hasBody = body !== undefined || rawBody !== undefined || form !== undefined;
      return send(sender, {
        ...(bare ? options : merge(options)),
        method: method ?? route?.method ?? (hasBody ? "POST" : "GET"),
        path: withQuery(route ? fillPath(route.path, params) : (target as string), query),
        route,
        jar: bare ? undefined : jar,
        json: body,
        rawBody,
        form,
        bare,
      }) as Promise<never>;
    },
    as(who) {
      return client(sender, who instanceof CookieJar ? who : who.jar, defaults);
    },
    with(options) {
      return client(sender, jar, merge(options));
    },
    async guest({ fingerprint, consent = true, ...options } = {}) {
      const browser = jar ? self : self.as(new CookieJar());
      const res = await browser.call(guestsContract.session, {
        body: { fingerprint: fingerprint ?? `fp-${randomBytes(8).toString("hex")}-guest` },
        ...options,
      });
      expect(res.status, `opening a guest session: ${res.text}`).toBe(200);
      if (consent) {
        // The guest agrees to the photo consent, as the web asks before the first upload.
        const agreed = await browser.call(privacyContract.giveConsent, {
          body: { version: PHOTO_CONSENT_VERSION },
          ...options,
        });
        expect(agreed.status, `giving the photo consent: ${agreed.text}`).toBe(200);
      }
      return browser;
    },
    async signIn(email, password, options = {}) {
      const browser = jar ? self : self.as(new CookieJar());
      const res = await browser.call(authContract.signIn, {
        body: { email, password },
        ...options,
      });
      expect(res.status, `signing in as ${email}: ${res.text}`).toBe(200);
      return browser;
    },
  };
  return self;
}

/** The client of a test server's app (the harness makes one: `t.client`). */
export function createTestClient(app: App, publicUrl: string): TestClient {
  let addresses = 0;
  return client(
    {
      app,
      publicUrl,
      nextAddress() {
        addresses += 1;
        return `10.200.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
      },
    },
    undefined,
    {},
  );
}
