import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import { listenLocally } from "./fake-server";

/** The Google account the fake's consent screen signs in as. */
export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

/** Google's hosts and the part of each the fake serves. */
export const GOOGLE_HOSTS = [
  "accounts.google.com", // GET /o/oauth2/v2/auth
  "oauth2.googleapis.com", // POST /token
  "openidconnect.googleapis.com", // GET /v1/userinfo
  "www.googleapis.com", // GET /oauth2/v3/certs
] as const;

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, answering as Google's
 * "OpenID Connect" and "Using OAuth 2.0 for Web Server Applications" pages say:
 *
 * - GET /o/oauth2/v2/auth: checks client_id, redirect_uri, response_type=code, the openid scope
 *   and an S256 code_challenge, then (the user having consented) redirects 302 to
 *   redirect_uri?state=…&code=…&scope=…&authuser=0&prompt=consent; an unknown client gets 400
 *   and bad parameters go back as ?error=invalid_request.
 * - POST /token (form): grant_type=authorization_code, the code once, the same redirect_uri,
 *   the client secret (in the body or Basic) and the PKCE verifier; answers access_token,
 *   expires_in, scope, token_type=Bearer and an RS256 id_token (iss, azp, aud, sub, email,
 *   email_verified, name, picture, given_name, iat, exp), or 400 {error: "invalid_grant"} /
 *   401 {error: "invalid_client"}.
 * - GET /v1/userinfo (Bearer): sub, name, given_name, picture, email, email_verified.
 * - GET /oauth2/v3/certs: the JWKS that verifies the id_token.
 */
export async function startFakeGoogle(opts: { clientId: string; clientSecret: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  let account: GoogleAccount = {
    sub: "100000000000000000001",
    email: "google-user@gmail.com",
    name: "Google User",
  };
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string; scope: string; account: GoogleAccount }
  >();
  const tokens = new Map<string, GoogleAccount>();
  const calls: { method: string; path: string }[] = [];

  const idToken = (a: GoogleAccount) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: "RS256", kid, typ: "JWT" }));
    const claims = b64url(
      JSON.stringify({
        iss: "https://accounts.google.com",
        azp: opts.clientId,
        aud: opts.clientId,
        sub: a.sub,
        email: a.email,
        email_verified: a.emailVerified ?? true,
        name: a.name,
        given_name: a.name.split(" ")[0],
        picture: "https://lh3.googleusercontent.com/a/fake-picture",
        iat: now,
        exp: now + 3600,
      }),
    );
    const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(privateKey);
    return `${header}.${claims}.${b64url(signature)}`;
  };
  const userInfo = (a: GoogleAccount) => ({
    sub: a.sub,
    name: a.name,
    given_name: a.name.split(" ")[0],
    picture: "https://lh3.googleusercontent.com/a/fake-picture",
    email: a.email,
    email_verified: a.emailVerified ?? true,
  });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      calls.push({ method: req.method ?? "", path: url.pathname });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(body));
      };

      if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
        const q = url.searchParams;
        if (q.get("client_id") !== opts.clientId) return json(400, { error: "invalid_client" });
        const redirectUri = q.get("redirect_uri") ?? "";
        if (!/^https?:\/\//.test(redirectUri)) return json(400, { error: "redirect_uri_mismatch" });
        const back = new URL(redirectUri);
        if (q.get("state")) back.searchParams.set("state", q.get("state")!);
        const scope = q.get("scope") ?? "";
        if (
          q.get("response_type") !== "code" ||
          !scope.split(" ").includes("openid") ||
          q.get("code_challenge_method") !== "S256" ||
          !q.get("code_challenge")
        ) {
          back.searchParams.set("error", "invalid_request");
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        const code = `4/${randomBytes(24).toString("base64url")}`;
        codes.set(code, { redirectUri, challenge: q.get("code_challenge")!, scope, account });
        back.searchParams.set("code", code);
        back.searchParams.set("scope", scope);
        back.searchParams.set("authuser", "0");
        back.searchParams.set("prompt", "consent");
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (req.method === "POST" && url.pathname === "/token") {
        const f = new URLSearchParams(raw);
        let clientId = f.get("client_id");
        let secret = f.get("client_secret");
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
        if (basic) {
          const [id, s] = Buffer.from(basic[1]!, "base64").toString().split(":");
          clientId = decodeURIComponent(id ?? "");
          secret = decodeURIComponent(s ?? "");
        }
        if (clientId !== opts.clientId || secret !== opts.clientSecret)
          return json(401, { error: "invalid_client", error_description: "Unauthorized" });
        if (f.get("grant_type") !== "authorization_code")
          return json(400, { error: "unsupported_grant_type" });
        const grant = codes.get(f.get("code") ?? "");
        codes.delete(f.get("code") ?? "");
        const verifier = f.get("code_verifier") ?? "";
        if (
          !grant ||
          grant.redirectUri !== f.get("redirect_uri") ||
          b64url(createHash("sha256").update(verifier).digest()) !== grant.challenge
        ) {
          return json(400, { error: "invalid_grant", error_description: "Bad Request" });
        }
        const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
        tokens.set(accessToken, grant.account);
        return json(200, {
          access_token: accessToken,
          expires_in: 3599,
          scope: grant.scope,
          token_type: "Bearer",
          id_token: idToken(grant.account),
        });
      }

      if (req.method === "GET" && url.pathname === "/v1/userinfo") {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
        const a = bearer ? tokens.get(bearer[1]!) : undefined;
        if (!a) return json(401, { error: "invalid_request" });
        return json(200, userInfo(a));
      }

      if (req.method === "GET" && url.pathname === "/oauth2/v3/certs") {
        const jwk = publicKey.export({ format: "jwk" });
        return json(200, { keys: [{ ...jwk, kid, use: "sig", alg: "RS256" }] });
      }

      json(404, { error: "not_found" });
    });
  });
  const { endpoint, close } = await listenLocally(server);

  /**
   * A fetch for the server under test: Google's hosts go to this fake, any other non-local host
   * fails (a test must never reach a real external host), local addresses pass through.
   */
  function routeFetch(real: typeof fetch): typeof fetch {
    return (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if ((GOOGLE_HOSTS as readonly string[]).includes(url.hostname)) {
        return real(`${endpoint}${url.pathname}${url.search}`, init);
      }
      if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost")
        return Promise.reject(new Error(`test fetch to an external host: ${url.hostname}`));
      return real(input, init);
    };
  }

  return {
    endpoint,
    calls,
    routeFetch,
    /** Who the next consent signs in as. */
    signInAs(a: GoogleAccount) {
      account = a;
    },
    /** The fake's address for a URL on one of Google's hosts (the browser's redirect). */
    local(googleUrl: string) {
      const u = new URL(googleUrl);
      if (!(GOOGLE_HOSTS as readonly string[]).includes(u.hostname))
        throw new Error(`not a Google URL: ${googleUrl}`);
      return `${endpoint}${u.pathname}${u.search}`;
    },
    close,
  };
}
