import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { escapeHtml } from "../../lib/html";

const esc = escapeHtml;
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * GET /dev/mailbox: the embedded outbox as a page, so a newcomer can open confirmation and
 * reset links with no mail server. Never mounted when NODE_ENV=production. `?to=` shows only the
 * mail to one address (a mail to everyone, such as a breach notice, fills the newest 50).
 */
export function devMailboxRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const mails = await ctx.services.devMailbox.recent(50, c.req.query("to") || undefined);
    const items = mails
      .map(
        (
          m,
        ) => `<article><header><strong>${esc(m.subject)}</strong><span>${esc(m.createdAt.toISOString())}</span></header>
<p class="to">To: <span data-to>${esc(m.toAddress)}</span> · ${esc(m.kind)}</p><pre>${linkify(m.textBody)}</pre></article>`,
      )
      .join("\n");
    c.header("Cache-Control", "no-store");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Rupa</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f7f4ef;color:#1c1433}main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:22px}article{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}
header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span,.to{color:#6b6480;font-size:13px}
pre{white-space:pre-wrap;word-break:break-all;font-family:inherit;margin:8px 0 0}a{color:#4a23c9}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail the embedded outbox would have sent (newest first). Not available in production.</p>
${items || "<p>No mail yet.</p>"}</main></body></html>`);
  });
}
