import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import qrcode from "qrcode-generator";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { sameOriginMutations } from "../../middleware/same-origin";
import { qrisPayload } from "./qris";
import {
  paymentDetails,
  SIMULATOR_ACTIONS,
  SIMULATOR_METHODS,
  type SimulatorAction,
  type SimulatorMethod,
  simulatorMethodSchema,
  type SimulatorTransaction,
  snapRequestSchema,
} from "./simulator.service";
import { escapeHtml, jakartaTime, rupiah } from "../../lib/html";

const ORDER_ID = /^[A-Za-z0-9\-_.~]{1,50}$/;

const esc = escapeHtml;

/** Groups the 16 digits of a virtual account the way banks print them. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

const STATUS_TEXT: Record<string, { title: string; note: string }> = {
  settlement: { title: "Pembayaran berhasil", note: "Payment settled" },
  deny: { title: "Pembayaran gagal", note: "Payment denied" },
  expire: { title: "Pembayaran kedaluwarsa", note: "Payment expired" },
  cancel: { title: "Pembayaran dibatalkan", note: "Payment cancelled" },
};

function qrSvg(t: SimulatorTransaction): string {
  const qr = qrcode(0, "M");
  qr.addData(
    qrisPayload({
      merchantName: "RUPA SIMULATOR",
      city: "JAKARTA",
      amount: t.grossAmount,
      reference: t.orderId,
    }),
  );
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
}

function methodDetails(t: SimulatorTransaction, method: SimulatorMethod): string {
  const m = SIMULATOR_METHODS[method];
  const details = paymentDetails(t.orderId, method);
  switch (m.group) {
    case "qr":
      return `<p>Pindai kode QRIS ini dengan aplikasi bank atau e-wallet mana pun.</p>
<div class="qr" data-testid="sim-qris" role="img" aria-label="QRIS ${esc(rupiah(t.grossAmount))}">${qrSvg(t)}</div>`;
    case "wallet":
      return `<p>Buka ${esc(m.label)} untuk menyelesaikan pembayaran.</p>
<p><a class="button secondary" data-testid="sim-deeplink" href="#${esc(method)}-${esc(t.orderId)}">Buka aplikasi ${esc(m.label)}</a></p>`;
    case "va":
      return `<p>Transfer ke nomor Virtual Account ${esc(m.label.split(" ")[0]!)}:</p>
<p class="code" data-testid="sim-va">${esc(grouped(String(details.vaNumber)))}</p>`;
    case "bill":
      return `<p>Bayar melalui Mandiri (Multipayment):</p>
<dl><dt>Kode perusahaan</dt><dd class="code">${esc(String(details.billerCode))}</dd>
<dt>Kode bayar</dt><dd class="code" data-testid="sim-va">${esc(String(details.billKey))}</dd></dl>`;
    case "store":
      return `<p>Tunjukkan kode ini di kasir ${esc(m.label)}:</p>
<p class="code" data-testid="sim-store-code">${esc(String(details.paymentCode))}</p>`;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Simulasi pembayaran Rupa</title><meta name="robots" content="noindex">
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;background:#f7f4ef;color:#1c1433;line-height:1.45}
main{max-width:480px;margin:0 auto;padding:16px}
.banner{background:#fff4d6;border:1px solid #f0c44c;border-radius:12px;padding:10px 12px;font-size:14px;margin-bottom:16px}
.card{background:#fff;border-radius:16px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 8px}.muted{color:#6b6480;font-size:13px}
.amount{font-size:26px;font-weight:700;margin:4px 0}
ul{list-style:none;padding:0;margin:0}li+li{border-top:1px solid #eee}
.method{width:100%;display:flex;justify-content:space-between;align-items:center;background:none;border:0;padding:14px 4px;font:inherit;color:inherit;cursor:pointer;min-height:48px;text-align:left}
.method:after{content:"›";font-size:22px;color:#6b6480}
.button{display:block;width:100%;text-align:center;border-radius:12px;padding:13px 16px;font:inherit;font-weight:600;border:0;cursor:pointer;text-decoration:none;min-height:48px;margin:8px 0}
.primary{background:#4a23c9;color:#fff}.secondary{background:#efeaff;color:#4a23c9}.danger{background:#fff;color:#b42318;border:1px solid #f3c4bf}
.code{font-family:ui-monospace,monospace;font-size:20px;letter-spacing:1px;word-break:break-all;margin:4px 0}
dl{margin:0}dt{color:#6b6480;font-size:13px}dd{margin:0 0 8px}
.qr{background:#fff;padding:8px;max-width:260px;margin:8px auto}.qr svg{width:100%;height:auto;display:block}
.state{font-size:18px;font-weight:700}a{color:#4a23c9}</style></head>
<body><main><p class="banner" data-testid="sim-banner" role="note"><strong>Simulasi pembayaran</strong> — tidak ada uang sungguhan yang berpindah. <span class="muted">Payment simulation: no real money moves.</span></p>
${body}</main></body></html>`;
}

/**
 * The payment simulator (issue 12) at /pay, outside /api: a Snap endpoint and a status endpoint
 * in Midtrans' shapes (Basic auth with the simulator's server key), and the checkout page the
 * buyer pays on. Answers 404 wherever the simulator is not allowed (Midtrans keys set, or
 * production without the operator's setting).
 */
export function simulatorRoutes(ctx: AppContext) {
  const sim = ctx.services.simulator;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    // Not allowed here: the app's own not-found answer (the web's 404 page for a browser).
    if (!(await ctx.services.gateways.byKind("simulator"))) return c.notFound();
    c.header("Cache-Control", "no-store");
    return next();
  });
  app.use("*", bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text("Too large", 413) }));

  app.post("/snap/v1/transactions", async (c) => {
    if (!sim.authorized(c.req.header("authorization"))) {
      return c.json(
        {
          error_messages: [
            "Access denied due to unauthorized transaction, please check client or server key",
          ],
        },
        401,
      );
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error_messages: ["Request body is not valid JSON"] }, 400);
    }
    const parsed = snapRequestSchema.safeParse(body);
    if (!parsed.success) {
      return c.json(
        {
          error_messages: parsed.error.issues.map(
            (i) => `${i.path.join(".") || "body"} ${i.message}`,
          ),
        },
        400,
      );
    }
    const created = await sim.createTransaction(parsed.data);
    if ("duplicate" in created) {
      return c.json({ error_messages: ["transaction_details.order_id sudah digunakan"] }, 400);
    }
    return c.json(created, 201);
  });

  app.get("/v2/:orderId/status", async (c) => {
    if (!sim.authorized(c.req.header("authorization"))) {
      return c.json({ status_code: "401", status_message: "Unknown Merchant server_key/id" });
    }
    const orderId = c.req.param("orderId");
    if (!ORDER_ID.test(orderId)) {
      return c.json({ status_code: "404", status_message: "Transaction doesn't exist." });
    }
    return c.json(await sim.status(orderId));
  });

  app.post("/v2/:orderId/refund", async (c) => {
    if (!sim.authorized(c.req.header("authorization"))) {
      return c.json({ status_code: "401", status_message: "Unknown Merchant server_key/id" });
    }
    const orderId = c.req.param("orderId");
    if (!ORDER_ID.test(orderId)) {
      return c.json({ status_code: "404", status_message: "Transaction doesn't exist." });
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = {};
    }
    return c.json(await sim.refund(orderId, (body ?? {}) as Record<string, unknown>));
  });

  app.get("/:orderId", async (c) => {
    const orderId = c.req.param("orderId");
    const t = ORDER_ID.test(orderId) ? await sim.current(orderId) : null;
    // No such order: the app's not-found page, as at any unknown address.
    if (!t) return c.notFound();
    const summary = `<section class="card" data-testid="sim-order"><p class="muted">${esc(t.itemName)}</p>
<p class="amount" data-testid="sim-amount">${esc(rupiah(t.grossAmount))}</p>
<p class="muted">Order ID <span data-testid="sim-order-id">${esc(t.orderId)}</span><br>Bayar sebelum ${esc(jakartaTime(t.expiresAt))} WIB</p></section>`;
    const status = t.status ?? "pending";
    if (status !== "pending") {
      const text = STATUS_TEXT[status] ?? { title: status, note: status };
      return c.html(
        page(
          text.title,
          `${summary}<section class="card"><p class="state" data-testid="sim-state" data-state="${esc(status)}">${esc(text.title)}</p>
<p class="muted">${esc(text.note)}</p>
<a class="button primary" data-testid="sim-back" href="${esc(sim.finishUrl(t))}">Kembali ke Rupa</a></section>`,
        ),
      );
    }
    const token = sim.formToken(t.orderId);
    const action = `/pay/${encodeURIComponent(t.orderId)}`;
    const asked = simulatorMethodSchema.safeParse(c.req.query("method"));
    const chosen =
      t.status === "pending" && asked.success
        ? asked.data
        : t.status === "pending" && c.req.query("change") === undefined
          ? (Object.keys(SIMULATOR_METHODS) as SimulatorMethod[]).find(
              (k) => SIMULATOR_METHODS[k].paymentType === t.paymentType,
            )
          : undefined;
    if (!chosen) {
      const methods = (Object.keys(SIMULATOR_METHODS) as SimulatorMethod[])
        .map(
          (k) => `<li><form method="post" action="${action}">
<input type="hidden" name="token" value="${token}"><input type="hidden" name="action" value="choose"><input type="hidden" name="method" value="${k}">
<button class="method" type="submit" data-testid="sim-method-${k}">${esc(SIMULATOR_METHODS[k].label)}</button></form></li>`,
        )
        .join("");
      return c.html(
        page(
          "Pilih metode pembayaran",
          `${summary}<section class="card"><h2>Pilih metode pembayaran</h2><ul>${methods}</ul></section>
<p><a href="${esc(sim.finishUrl(t))}" data-testid="sim-back">Kembali ke Rupa</a></p>`,
        ),
      );
    }
    const button = (act: SimulatorAction, label: string, cls: string) =>
      `<form method="post" action="${action}"><input type="hidden" name="token" value="${token}">
<input type="hidden" name="action" value="${act}"><input type="hidden" name="method" value="${chosen}">
<button class="button ${cls}" type="submit" data-testid="sim-${act}">${label}</button></form>`;
    return c.html(
      page(
        SIMULATOR_METHODS[chosen].label,
        `${summary}<section class="card" data-testid="sim-method" data-method="${chosen}"><h2>${esc(SIMULATOR_METHODS[chosen].label)}</h2>
${methodDetails(t, chosen)}
<p class="muted">Di simulasi ini, tombol di bawah berperan sebagai bank atau e-wallet.</p>
${button("pay", "Bayar", "primary")}${button("fail", "Gagalkan pembayaran", "danger")}${button("expire", "Biarkan kedaluwarsa", "secondary")}
<p><a href="${action}?change=1" data-testid="sim-change">Ganti metode pembayaran</a></p></section>
<p><a href="${esc(sim.finishUrl(t))}" data-testid="sim-back">Kembali ke Rupa</a></p>`,
      ),
    );
  });

  // The checkout page's form is a browser's and must come from Rupa's pages; the Snap endpoint
  // above is Midtrans' server API, called by Rupa's own server (Basic auth, no Origin).
  app.post("/:orderId", sameOriginMutations(ctx.env.PUBLIC_URL), async (c) => {
    const orderId = c.req.param("orderId");
    if (!ORDER_ID.test(orderId)) return c.text("Not found", 404);
    const form = await c.req.parseBody();
    const token = typeof form.token === "string" ? form.token : "";
    const action = SIMULATOR_ACTIONS.find((a) => a === form.action);
    const method = simulatorMethodSchema.safeParse(form.method);
    if (!sim.validFormToken(orderId, token) || !action || !method.success) {
      return c.html(
        page(
          "Permintaan tidak valid",
          `<section class="card"><h1>Permintaan tidak valid</h1><p>Invalid request.</p></section>`,
        ),
        400,
      );
    }
    const result = await sim.act(orderId, action, method.data);
    if ("refused" in result) {
      // Already final (or unknown): show the page as it stands.
      return c.redirect(`/pay/${encodeURIComponent(orderId)}`, 303);
    }
    return c.redirect(result.redirect, 303);
  });

  return app;
}
