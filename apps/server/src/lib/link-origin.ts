import { isIP } from "node:net";

/**
 * The origin the server builds its links on (ADR 035). With PUBLIC_URL set it is always
 * PUBLIC_URL. Without it (the embedded default) it is the origin the request came on, so a
 * browser on `127.0.0.1`, `localhost` or a phone on the LAN gets links it can open, as long as
 * that host is a local one: loopback, a private or link-local address, `localhost` or a `.local`
 * name. Any other host falls back to PUBLIC_URL's default (`http://localhost:PORT`), so a forged
 * Host header cannot put a stranger's address into a reset link mailed to someone else.
 */
export interface LinkOriginConfig {
  PUBLIC_URL: string;
  PUBLIC_URL_SET: boolean;
  TRUST_PROXY: boolean;
}

/** Whether `host` (no port; IPv6 without brackets) names this machine or the local network. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local")) return true;
  const kind = isIP(h);
  if (kind === 4) {
    const [a = 0, b = 0] = h.split(".").map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (kind === 6) return h === "::1" || /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
  return false;
}

/**
 * The origin of links built for a request addressed to `requestUrl` (its Host, as the server
 * saw it). With TRUST_PROXY, the scheme the one trusted proxy reports (`X-Forwarded-Proto`)
 * replaces the socket's.
 */
export function linkOrigin(
  env: LinkOriginConfig,
  requestUrl: string,
  forwardedProto?: string | null,
): string {
  const fallback = new URL(env.PUBLIC_URL).origin;
  if (env.PUBLIC_URL_SET) return env.PUBLIC_URL;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return fallback;
  }
  if (!isLocalHost(url.hostname.replace(/^\[|\]$/g, ""))) return fallback;
  const proto = env.TRUST_PROXY ? forwardedProto?.split(",").pop()?.trim().toLowerCase() : null;
  const scheme = proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${url.host}`;
}

/**
 * With PUBLIC_URL set, where a page request on another host goes instead (the same path and
 * query on PUBLIC_URL), or null when it is already there. Only hosts are compared: behind a
 * TLS-terminating proxy the server sees http for an https page.
 */
export function canonicalRedirect(env: LinkOriginConfig, requestUrl: string): string | null {
  if (!env.PUBLIC_URL_SET) return null;
  const canonical = new URL(env.PUBLIC_URL);
  const url = new URL(requestUrl);
  if (url.host.toLowerCase() === canonical.host.toLowerCase()) return null;
  return `${canonical.origin}${canonical.pathname.replace(/\/$/, "")}${url.pathname}${url.search}`;
}
