import dns from "node:dns";
import net from "node:net";
import type { EndpointRefusal } from "@rupa/shared";
import { Agent, buildConnector } from "undici";

/**
 * Where a provider's key may be sent (ADR 030). Every remote provider call goes through one
 * guard, the admin's Test and the save of a configuration included:
 *
 * - in production the endpoint is `https` and its host is the provider's own or one the
 *   operator lists in `PROVIDER_ENDPOINT_HOSTS` (never in the admin panel); plain http only to
 *   a listed loopback address (a proxy on the same machine);
 * - loopback, private, CGNAT, link-local, unspecified and reserved addresses are refused after
 *   DNS resolution, every address of a name, unless the host is listed (outside production
 *   loopback is allowed: tests and local fakes live there); cloud metadata names and addresses
 *   are refused even when listed;
 * - the check runs when the connection is made (the dispatcher's lookup), so the address
 *   connected to is the address checked: a DNS answer that changes between a check and the
 *   request (a rebind) meets the same check;
 * - redirects are never followed with the key: a 3xx answer is refused.
 */

export class EndpointRefusedError extends Error {
  constructor(
    public readonly reason: EndpointRefusal,
    message: string,
  ) {
    super(message);
    this.name = "EndpointRefusedError";
  }
}

/** Names of cloud instance-metadata services: never a provider, listed or not. */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);
/** Metadata addresses (AWS, GCP, Azure, ECS, Alibaba, AWS over IPv6). */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "168.63.129.16",
  "100.100.100.200",
  "fd00:ec2:0:0:0:0:0:254",
]);

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "unspecified"
  | "reserved"
  | "metadata";

type V4 = [number, number, number, number];

function parseV4(s: string): V4 | null {
  if (net.isIPv4(s)) return s.split(".").map(Number) as V4;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with an IPv4 tail and a zone allowed). */
function parseV6(input: string): number[] | null {
  const s = input.replace(/%.*$/, "");
  if (!net.isIPv6(s)) return null;
  let head = s;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const o = parseV4(v4[1]!);
    if (!o) return null;
    tail.push((o[0] << 8) | o[1], (o[2] << 8) | o[3]);
    head = s.slice(0, -v4[1]!.length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const groups = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  let words: number[];
  if (head.includes("::")) {
    const [l, r] = head.split("::") as [string, string];
    const left = groups(l);
    const right = [...groups(r), ...tail];
    words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  } else {
    words = [...groups(head), ...tail];
  }
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : null;
}

function classifyV4([a, b, c, d]: V4): AddressClass {
  if (METADATA_ADDRESSES.has(`${a}.${b}.${c}.${d}`)) return "metadata";
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // CGNAT
  if (a === 169 && b === 254) return "link_local";
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return "reserved";
  if ((a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100))
    return "reserved";
  if (a === 203 && b === 0 && c === 113) return "reserved";
  if (a >= 224) return "reserved"; // multicast, class E, broadcast
  return "public";
}

function classifyV6(w: number[]): AddressClass {
  const v4 = (hi: number, lo: number): V4 => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  if (METADATA_ADDRESSES.has(w.map((x) => x.toString(16)).join(":"))) return "metadata";
  const zeros = (n: number) => w.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return "unspecified";
  if (zeros(7) && w[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d): the IPv4 rules.
  if (zeros(5) && w[5] === 0xffff) return classifyV4(v4(w[6]!, w[7]!));
  if (zeros(6)) return classifyV4(v4(w[6]!, w[7]!));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address too.
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0))
    return classifyV4(v4(w[6]!, w[7]!));
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return "private";
  if (w[0] === 0x2002) return classifyV4(v4(w[1]!, w[2]!));
  const first = w[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return "link_local"; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return "private"; // fec0::/10 old site-local
  if ((first & 0xff00) === 0xff00) return "reserved"; // multicast
  if (first === 0x2001 && (w[1] === 0 || w[1] === 0xdb8)) return "reserved"; // Teredo, docs
  if (first === 0x100 && zeros(4)) return "reserved"; // discard
  return "public";
}

/** What kind of address `ip` is (an IPv4 or IPv6 literal); null when it is not an address. */
export function classifyAddress(ip: string): AddressClass | null {
  const bare = ip.replace(/^\[|\]$/g, "");
  const v4 = parseV4(bare);
  if (v4) return classifyV4(v4);
  const v6 = parseV6(bare);
  return v6 ? classifyV6(v6) : null;
}

/** A host name as compared: lower case, no brackets, no trailing dot. */
const normalHost = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "");

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true });

export interface EndpointGuardOptions {
  production: boolean;
  /**
   * Each provider's own API hosts, keyed by provider, its key may always be sent to (the
   * registry derives them from its default endpoints).
   */
  providerHosts: Readonly<Record<string, readonly string[]>>;
  /** The operator's PROVIDER_ENDPOINT_HOSTS, already normalised by env.ts. */
  listedHosts: readonly string[];
  /** Name resolution (the system's by default; tests give names addresses of their own). */
  resolve?: Resolver;
}

export function createEndpointGuard(opts: EndpointGuardOptions) {
  const listed = new Set(opts.listedHosts);
  const resolve = opts.resolve ?? systemResolver;

  /** The refusal of one address of `host` (null when it may be connected to). */
  function addressRefusal(host: string, address: string): EndpointRefusedError | null {
    const cls = classifyAddress(address);
    if (cls === "metadata")
      return new EndpointRefusedError(
        "metadata_address",
        `${host} is a cloud metadata address (${address})`,
      );
    if (listed.has(host) || cls === "public" || (cls === "loopback" && !opts.production))
      return null;
    return new EndpointRefusedError(
      "private_address",
      `${host} resolves to a ${cls?.replace("_", "-") ?? "unknown"} address (${address})`,
    );
  }

  /** Every address of `host`, each checked; the first refusal throws. */
  async function checkedAddresses(host: string) {
    const literal = classifyAddress(host) !== null;
    const addresses = literal
      ? [{ address: host, family: net.isIPv6(host) ? 6 : 4 }]
      : await resolve(host);
    for (const a of addresses) {
      const refused = addressRefusal(host, a.address);
      if (refused) throw refused;
    }
    return addresses;
  }

  /**
   * The rules that need no DNS: a parsable http(s) URL, https in production, a metadata name,
   * the host list in production, an address literal's kind. `provider` null: any host (the
   * outputs a provider links to, fetched without a key).
   */
  function staticRefusal(provider: string | null, url: string): EndpointRefusedError | null {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return new EndpointRefusedError("invalid_url", "the endpoint is not a URL");
    }
    if (u.protocol !== "https:" && u.protocol !== "http:")
      return new EndpointRefusedError("invalid_url", "the endpoint is not an http(s) URL");
    const host = normalHost(u.hostname);
    // Plain http only to a listed loopback address (a proxy on the same machine; the key does
    // not cross a network), never in production otherwise.
    const sameMachine = listed.has(host) && classifyAddress(host) === "loopback";
    if (provider !== null && opts.production && u.protocol !== "https:" && !sameMachine)
      return new EndpointRefusedError("not_https", `${host}: production endpoints must be https`);
    if (METADATA_NAMES.has(host))
      return new EndpointRefusedError("metadata_address", `${host} is a cloud metadata service`);
    if (
      provider !== null &&
      opts.production &&
      !listed.has(host) &&
      !(opts.providerHosts[provider] ?? []).includes(host)
    )
      return new EndpointRefusedError(
        "host_not_listed",
        `${host} is not ${provider}'s own host nor listed in PROVIDER_ENDPOINT_HOSTS`,
      );
    return classifyAddress(host) === null ? null : addressRefusal(host, host);
  }

  /**
   * Connections check their address as they are made: an address literal directly, a name
   * through a lookup that resolves it, checks every address and hands only those to the socket.
   */
  const connectChecked = buildConnector({
    lookup(hostname, options, callback) {
      const host = normalHost(hostname);
      checkedAddresses(host).then(
        (addresses) => {
          const wanted = options.family
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
          const list = wanted.length ? wanted : addresses;
          if (options.all) callback(null, list);
          else callback(null, list[0]!.address, list[0]!.family);
        },
        (e: Error) => callback(e as NodeJS.ErrnoException, "", 0),
      );
    },
  });
  const dispatcher = new Agent({
    connect(options, callback) {
      const host = normalHost(options.hostname);
      const refused = classifyAddress(host) === null ? null : addressRefusal(host, host);
      if (refused) {
        callback(refused, null);
        return;
      }
      connectChecked(options, callback);
    },
  });

  /** The refusal behind a failed fetch, if the guard refused it at connect time. */
  function refusalIn(e: unknown): EndpointRefusedError | null {
    for (let x = e, i = 0; x && i < 5; x = (x as { cause?: unknown }).cause, i++)
      if (x instanceof EndpointRefusedError) return x;
    return null;
  }

  async function guardedFetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, dispatcher });
    } catch (e) {
      throw refusalIn(e) ?? e;
    }
  }

  return {
    /** The rules without DNS (the save of a configuration, before anything else). */
    staticRefusal,

    /**
     * Every rule, DNS included: the refusal of `url` for `provider`'s key, or null. A name that
     * does not resolve is not refused here (the call fails as unreachable).
     */
    async refusal(provider: string, url: string): Promise<EndpointRefusedError | null> {
      const first = staticRefusal(provider, url);
      if (first) return first;
      const host = normalHost(new URL(url).hostname);
      if (classifyAddress(host) !== null) return null;
      try {
        await checkedAddresses(host);
        return null;
      } catch (e) {
        if (e instanceof EndpointRefusedError) return e;
        return null;
      }
    },

    /**
     * fetch for a request that carries `provider`'s key: refused (EndpointRefusedError) when
     * the URL breaks a rule, connected only to checked addresses, and never redirected. A body
     * is sent with `redirect: "error"` (no replay copy of it is kept, see providerFetch);
     * otherwise a 3xx is refused here, its body discarded.
     */
    async fetchWithKey(provider: string, url: string, init: RequestInit): Promise<Response> {
      const refused = staticRefusal(provider, url);
      if (refused) throw refused;
      const hasBody = init.body !== undefined && init.body !== null;
      let res: Response;
      try {
        res = await guardedFetch(url, {
          ...init,
          ...(hasBody ? { redirect: "error", window: null } : { redirect: "manual" }),
        });
      } catch (e) {
        const cause = (e as { cause?: { message?: string } }).cause;
        if (hasBody && /redirect/i.test(cause?.message ?? ""))
          throw new EndpointRefusedError("redirect", `${url} redirected; redirects are refused`);
        throw e;
      }
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        throw new EndpointRefusedError(
          "redirect",
          `${new URL(url).host} answered ${res.status} (a redirect); the key is not sent on`,
        );
      }
      return res;
    },

    /**
     * fetch for a provider's output link (no key): any host, redirects followed, but every
     * connection, redirected ones included, only to an address the rules allow.
     */
    async fetchOutput(url: string, init: RequestInit): Promise<Response> {
      const refused = staticRefusal(null, url);
      if (refused) throw refused;
      return guardedFetch(url, init);
    },

    /** Closes the guard's connections (at shutdown; tests). */
    close: () => dispatcher.close(),
  };
}
export type EndpointGuard = ReturnType<typeof createEndpointGuard>;
