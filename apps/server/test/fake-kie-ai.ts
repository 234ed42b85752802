import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { listenLocally } from "./fake-server";

export type FakeKieMode =
  | "ok"
  | "unauthorized"
  | "unauthorized_http"
  | "insufficient_balance"
  | "rate_limited"
  | "rate_limited_http"
  | "server_error"
  | "maintenance"
  | "task_fails"
  | "never_finishes"
  | "poll_rate_limited_once"
  | "slow_create";

export interface KieCall {
  method: string;
  path: string;
  query: Record<string, string>;
  auth?: string;
  body?: unknown;
}

/**
 * A local stand-in for Kie.ai as its docs describe it: the File Upload API
 * (`POST /api/file-base64-upload` → `{ success, code, msg, data: { downloadUrl } }`), the market
 * `POST /api/v1/jobs/createTask` → `{ code: 200, msg, data: { taskId } }`, and
 * `GET /api/v1/jobs/recordInfo?taskId=` → `{ code: 200, data: { taskId, model, state, param,
 * resultJson, failCode, failMsg, … } }` moving waiting → queuing → generating → success | fail.
 * Errors come in the body's `code` with HTTP 200 (401, 402 balance, 429, 455, 500), as Kie does.
 */
export async function startFakeKieAi(
  opts: { mode?: FakeKieMode; apiKey?: string; finishAfterMs?: number } = {},
) {
  let mode: FakeKieMode = opts.mode ?? "ok";
  let finishAfterMs = opts.finishAfterMs ?? 0;
  const apiKey = opts.apiKey ?? "kie-test-key-123";
  const calls: KieCall[] = [];
  const uploads = new Map<string, Buffer>();
  const tasks = new Map<
    string,
    { model: string; param: string; polls: number; created: number; states: string[] }
  >();
  const stats = { aborted: 0 };
  let pollLimited = false;
  const png = await sharp({
    create: { width: 768, height: 1024, channels: 3, background: "#7a3b8f" },
  })
    .png()
    .toBuffer();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let done = false;
    res.on("close", () => {
      if (!done) stats.aborted += 1;
    });
    const send = (status: number, obj: unknown) => {
      done = true;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(obj));
    };
    /** Kie answers errors with HTTP 200 and the code in the body. */
    const fail = (code: number, msg: string) => send(200, { code, msg, data: null });
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      let body: unknown;
      try {
        body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString()) as unknown)
          : undefined;
      } catch {
        return fail(422, "Invalid JSON");
      }
      calls.push({
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        auth: req.headers.authorization,
        body,
      });

      // Temporary files and results are public links, as Kie's are.
      const file = /^\/files\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && file) {
        const bytes = file[1] === "result.png" ? png : uploads.get(file[1]!);
        if (!bytes) {
          done = true;
          res.writeHead(404).end();
          return;
        }
        done = true;
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(bytes);
      }

      if (mode === "rate_limited_http") {
        // What a gateway in front of the API answers under load.
        done = true;
        res.writeHead(429, { "content-type": "application/json", "retry-after": "9" });
        return res.end(JSON.stringify({ code: 429, msg: "Too many requests" }));
      }
      if (mode === "unauthorized_http") {
        done = true;
        res.writeHead(401, { "content-type": "application/json" });
        return res.end(JSON.stringify({ code: 401, msg: "You do not have access permissions" }));
      }
      if (req.headers.authorization !== `Bearer ${apiKey}` || mode === "unauthorized")
        return fail(401, "You do not have access permissions");

      if (req.method === "POST" && url.pathname === "/api/file-base64-upload") {
        const b = body as { base64Data?: string; uploadPath?: string; fileName?: string };
        const m = /^data:([\w/+.-]+);base64,(.+)$/.exec(b?.base64Data ?? "");
        if (!m) return send(400, { success: false, code: 400, msg: "base64Data is required" });
        const name = b.fileName ?? `${uploads.size + 1}.bin`;
        const bytes = Buffer.from(m[2]!, "base64");
        uploads.set(name, bytes);
        return send(200, {
          success: true,
          code: 200,
          msg: "File uploaded successfully",
          data: {
            fileName: name,
            filePath: `${b.uploadPath ?? ""}/${name}`,
            downloadUrl: `${base}/files/${name}`,
            fileSize: bytes.length,
            mimeType: m[1],
            uploadedAt: new Date().toISOString(),
          },
        });
      }

      if (req.method === "POST" && url.pathname === "/api/v1/jobs/createTask") {
        if (mode === "insufficient_balance")
          return fail(402, "Credits insufficient. Please top up your account.");
        if (mode === "rate_limited")
          return fail(429, "Rate limited: too many requests, please slow down.");
        if (mode === "server_error") return fail(500, "Server error, please try again later.");
        if (mode === "maintenance") return fail(455, "Service unavailable: under maintenance.");
        if (mode === "slow_create") return; // never answers
        const b = body as { model?: string; input?: { prompt?: string; image_urls?: unknown } };
        if (!b?.model) return fail(422, "model is required");
        if (!b.input?.prompt) return fail(422, "input.prompt is required");
        const taskId = `task_${tasks.size + 1}_${Date.now().toString(16)}`;
        const states =
          mode === "task_fails"
            ? ["waiting", "generating", "fail"]
            : mode === "never_finishes"
              ? ["waiting", "queuing", "generating"]
              : ["waiting", "queuing", "generating", "success"];
        tasks.set(taskId, {
          model: b.model,
          param: JSON.stringify(b),
          polls: 0,
          created: Date.now(),
          states,
        });
        return send(200, { code: 200, msg: "success", data: { taskId } });
      }

      if (req.method === "GET" && url.pathname === "/api/v1/jobs/recordInfo") {
        if (mode === "poll_rate_limited_once" && !pollLimited) {
          pollLimited = true;
          return fail(429, "Rate limited");
        }
        const id = url.searchParams.get("taskId") ?? "";
        const t = tasks.get(id);
        if (!t) return fail(404, "Task not found");
        t.polls += 1;
        let state = t.states[Math.min(t.polls - 1, t.states.length - 1)]!;
        const terminal = state === "success" || state === "fail";
        if (terminal && Date.now() - t.created < finishAfterMs) state = "generating";
        return send(200, {
          code: 200,
          msg: "success",
          data: {
            taskId: id,
            model: t.model,
            state,
            param: t.param,
            resultJson:
              state === "success"
                ? JSON.stringify({ resultUrls: [`${base}/files/result.png`] })
                : "",
            failCode: state === "fail" ? "500" : "",
            failMsg: state === "fail" ? "Content flagged by the safety filter" : "",
            costTime: state === "success" ? Date.now() - t.created : 0,
            completeTime: state === "success" ? Date.now() : null,
            createTime: t.created,
            updateTime: Date.now(),
          },
        });
      }
      return fail(404, "Not found");
    });
  });
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    apiKey,
    calls,
    uploads,
    tasks,
    stats,
    setMode(m: FakeKieMode) {
      mode = m;
      pollLimited = false;
    },
    setFinishAfter(ms: number) {
      finishAfterMs = ms;
    },
    close,
  };
}
