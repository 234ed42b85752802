import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/http";
import { clientIpOf } from "../lib/http";
import { ACCESS_LOG_MESSAGE, accessLogLevel } from "../lib/log-levels";
import { type Logger, withRequestLogger } from "../lib/logger";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (a well-formed incoming X-Request-Id is kept), a child logger that
 * stamps it on every line, and one access-log line when the response is done (its level from
 * lib/log-levels: an expected refusal is not an error). The query string
 * is never logged: reset and confirmation links carry tokens there.
 */
export function requestContext(root: Logger, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = root.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("clientIp", clientIpOf(c, trustProxy));
    c.header("X-Request-Id", requestId);
    const start = performance.now();
    await withRequestLogger(log, next);
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    const level = accessLogLevel({ status, path: c.req.path, code: c.get("errorCode") });
    log[level](line, ACCESS_LOG_MESSAGE[level]);
  };
}
