// Several Rupa processes from the built server (apps/server/dist/index.js), as production runs
// them: `ROLE=api` and `ROLE=worker` over one PostgreSQL database and one S3 bucket. Used by
// cluster.test.ts (issue 17's proof that nothing is kept in one process).
import fs from "node:fs";
import path from "node:path";
import { sleep } from "../server-process";

export { type ClusterProcess, freePort, serverEntry, sleep, startProcess } from "../server-process";

/** Every file under `dir` (relative paths). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A browser's view of the API: one session cookie, any process. */
export class Member {
  cookie = "";
  constructor(readonly email: string) {}

  async req(base: string, p: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("cookie", this.cookie);
    // A write says where it comes from, as the web app's fetch() does (else it is refused).
    if (init.method && init.method !== "GET") headers.set("origin", base);
    const res = await fetch(`${base}${p}`, { ...init, headers });
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    if (set.length) {
      const jar = new Map(
        this.cookie
          .split("; ")
          .filter(Boolean)
          .map((c) => [c.split("=")[0]!, c] as const),
      );
      for (const c of set) jar.set(c.split("=")[0]!, c);
      this.cookie = [...jar.values()].join("; ");
    }
    return res;
  }

  async json<T>(base: string, p: string, body?: unknown, expect = 200): Promise<T> {
    const res = await this.req(
      base,
      p,
      body === undefined
        ? {}
        : {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          },
    );
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${p} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }
}

export interface Followed {
  status: string;
  /** When the final state arrived over the stream. */
  at: number;
  /** Streams opened (more than one: a `reconnect` event or a cut connection). */
  connections: number;
}

/**
 * Follows a generation over Server-Sent Events from `base` until it succeeds or fails, opening
 * the stream again after a `reconnect` event or a cut connection (as the web app does).
 */
export async function followGeneration(
  member: Member,
  bases: () => string,
  id: string,
  timeoutMs: number,
): Promise<Followed> {
  const deadline = Date.now() + timeoutMs;
  let connections = 0;
  while (Date.now() < deadline) {
    connections += 1;
    try {
      const res = await member.req(bases(), `/api/generations/${id}/events`, {
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (res.status !== 200 || !res.body)
        throw new Error(`events answered ${res.status}: ${await res.text()}`);
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event !== "generation" || !data) continue;
          const { generation } = JSON.parse(data) as { generation: { status: string } };
          if (generation.status === "succeeded" || generation.status === "failed")
            return { status: generation.status, at: Date.now(), connections };
        }
      }
    } catch (e) {
      if (Date.now() >= deadline) break;
      if (e instanceof Error && e.message.startsWith("events answered")) throw e;
    }
    await sleep(500);
  }
  throw new Error(`generation ${id} was not followed to its end within ${timeoutMs} ms`);
}
