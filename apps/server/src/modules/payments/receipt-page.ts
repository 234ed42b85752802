import type { Language } from "@rupa/shared";
import { escapeHtml as esc, jakartaTime, rupiah } from "../../lib/html";

/** What a receipt prints (docs/product/credits-and-plans.md, Receipts). */
export interface ReceiptView {
  lang: Language;
  invoice: string;
  orderId: string;
  paidAt: Date;
  /** Set once the order was refunded: the receipt says so beside the amount. */
  refundedAt: Date | null;
  buyer: { name: string; email: string };
  packageName: string;
  credits: number;
  validityDays: number;
  amountIdr: number;
  method: string;
  seller: { name: string; address: string; taxId: string; email: string };
}

const copy = {
  id: {
    title: "Kuitansi",
    invoice: "No. invoice",
    order: "No. pesanan",
    date: "Tanggal bayar",
    seller: "Penjual",
    taxId: "NPWP",
    buyer: "Pembeli",
    item: "Keterangan",
    qty: "Kredit",
    amount: "Jumlah",
    validity: (days: number) => `berlaku ${days} hari sejak dibayar`,
    total: "Total dibayar",
    method: "Metode pembayaran",
    refunded: (when: string) => `Dikembalikan (refund) pada ${when} WIB`,
    paid: "LUNAS",
    print: "Simpan sebagai PDF atau cetak lewat menu Bagikan › Cetak di ponsel, atau Ctrl+P.",
    note: "Paket prabayar, tidak diperpanjang otomatis. Simpan kuitansi ini sebagai bukti pembayaran.",
    back: "Kembali ke Kredit",
    locale: "id-ID",
  },
  en: {
    title: "Receipt",
    invoice: "Invoice no.",
    order: "Order no.",
    date: "Paid on",
    seller: "Seller",
    taxId: "Tax ID (NPWP)",
    buyer: "Buyer",
    item: "Description",
    qty: "Credits",
    amount: "Amount",
    validity: (days: number) => `valid for ${days} days from payment`,
    total: "Total paid",
    method: "Payment method",
    refunded: (when: string) => `Refunded on ${when} WIB`,
    paid: "PAID",
    print: "Save as PDF or print with Share › Print on a phone, or Ctrl+P.",
    note: "Prepaid plan that does not renew by itself. Keep this receipt as your proof of payment.",
    back: "Back to Credits",
    locale: "en-GB",
  },
} as const;

/**
 * The printable receipt: one self-contained HTML page (inline styles, no script, so the
 * document's security policy allows it as it is) laid out for a 360 px phone and for A4 paper.
 */
export function receiptPage(r: ReceiptView): string {
  const c = copy[r.lang];
  const when = (d: Date) => `${jakartaTime(d, c.locale, "long")} WIB`;
  const stamp = r.refundedAt
    ? `<p class="stamp refunded">${esc(c.refunded(jakartaTime(r.refundedAt, c.locale, "long")))}</p>`
    : `<p class="stamp">${esc(c.paid)}</p>`;
  const seller = [
    `<strong>${esc(r.seller.name)}</strong>`,
    r.seller.address ? esc(r.seller.address) : "",
    r.seller.taxId ? `${esc(c.taxId)}: ${esc(r.seller.taxId)}` : "",
    r.seller.email ? esc(r.seller.email) : "",
  ]
    .filter(Boolean)
    .join("<br>");
  return `<!doctype html>
<html lang="${r.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(c.title)} ${esc(r.invoice)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;background:#f7f4ef;color:#1c1433;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:0 auto;padding:20px 16px 32px}
.sheet{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(28,20,51,.08)}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;align-items:flex-start;border-bottom:2px solid #4a23c9;padding-bottom:12px}
.brand{font-size:24px;font-weight:800;color:#4a23c9;margin:0}
h1{font-size:20px;margin:0}
.meta{margin:0;color:#6b6480;font-size:14px}
.meta b{color:#1c1433}
.parties{display:grid;grid-template-columns:1fr;gap:12px;margin:16px 0}
.parties h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6b6480;margin:0 0 2px}
.parties p{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin:8px 0 0}
th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e7e2f0;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6b6480}
td.num,th.num{text-align:right;white-space:nowrap}
.small{font-size:13px;color:#6b6480}
tfoot td{font-weight:700;border-bottom:0;font-size:16px}
.stamp{display:inline-block;margin:16px 0 0;padding:4px 12px;border:2px solid #15803d;color:#15803d;border-radius:8px;font-weight:800;letter-spacing:.08em}
.stamp.refunded{border-color:#b91c1c;color:#b91c1c;letter-spacing:0}
.hint{color:#6b6480;font-size:13px;margin:16px 4px 0}
a{color:#4a23c9}
@media (min-width:560px){.parties{grid-template-columns:1fr 1fr}.sheet{padding:32px}}
@media print{
  @page{size:A4;margin:16mm}
  body{background:#fff}
  main{max-width:none;padding:0}
  .sheet{box-shadow:none;border-radius:0;padding:0}
  .hint{display:none}
}
</style>
</head>
<body>
<main>
<article class="sheet">
<header>
<div><p class="brand">${esc(r.seller.name)}</p><h1>${esc(c.title)}</h1></div>
<div>
<p class="meta">${esc(c.invoice)}: <b>${esc(r.invoice)}</b></p>
<p class="meta">${esc(c.order)}: <b>${esc(r.orderId)}</b></p>
<p class="meta">${esc(c.date)}: <b>${esc(when(r.paidAt))}</b></p>
</div>
</header>
<section class="parties">
<div><h2>${esc(c.seller)}</h2><p>${seller}</p></div>
<div><h2>${esc(c.buyer)}</h2><p><strong>${esc(r.buyer.name)}</strong><br>${esc(r.buyer.email)}</p></div>
</section>
<table>
<thead><tr><th>${esc(c.item)}</th><th class="num">${esc(c.qty)}</th><th class="num">${esc(c.amount)}</th></tr></thead>
<tbody><tr><td>${esc(r.packageName)}<br><span class="small">${esc(c.validity(r.validityDays))}</span></td><td class="num">${r.credits}</td><td class="num">${esc(rupiah(r.amountIdr))}</td></tr></tbody>
<tfoot><tr><td colspan="2">${esc(c.total)}</td><td class="num">${esc(rupiah(r.amountIdr))}</td></tr></tfoot>
</table>
<p class="small">${esc(c.method)}: <b>${esc(r.method)}</b></p>
${stamp}
<p class="small">${esc(c.note)}</p>
</article>
<p class="hint">${esc(c.print)} <a href="/credits">${esc(c.back)}</a></p>
</main>
</body>
</html>`;
}
