/**
 * Text put into HTML or XML the server writes itself (e-mails, the simulator's and the dev
 * mailbox's pages, receipts, the sitemap, the local renderer's SVG): the five characters that
 * could end a text or an attribute, escaped.
 */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

/** An amount in rupiah as Indonesians write it: "Rp 199.000". */
export function rupiah(amountIdr: number): string {
  return `Rp ${new Intl.NumberFormat("id-ID").format(amountIdr)}`;
}

/** A moment in Jakarta's time, in a language's date style ("24 Nov 2026, 10.00"). */
export function jakartaTime(
  d: Date,
  locale = "id-ID",
  style: "medium" | "long" = "medium",
): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: style,
    timeStyle: "short",
    timeZone: "Asia/Jakarta",
  }).format(d);
}
