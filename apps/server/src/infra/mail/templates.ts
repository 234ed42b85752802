import type { Language } from "@rupa/shared";
import type { MailMessage } from "./mailer";
import { escapeHtml, jakartaTime, rupiah } from "../../lib/html";

const esc = escapeHtml;

function layout(
  lang: Language,
  heading: string,
  body: string,
  cta: string,
  url: string,
  foot: string,
) {
  return `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f7f4ef;font-family:system-ui,sans-serif;color:#1c1433">
<div style="max-width:480px;margin:0 auto;padding:32px 20px">
<p style="font-size:22px;font-weight:700;color:#4a23c9;margin:0 0 24px">Rupa</p>
<h1 style="font-size:20px;margin:0 0 12px">${esc(heading)}</h1>
<p style="line-height:1.5;margin:0 0 24px">${esc(body)}</p>
<p><a href="${esc(url)}" style="display:inline-block;background:#4a23c9;color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${esc(cta)}</a></p>
<p style="font-size:13px;color:#6b6480;line-height:1.5;margin-top:24px">${esc(foot)}<br><a href="${esc(url)}" style="color:#4a23c9;word-break:break-all">${esc(url)}</a></p>
</div></body></html>`;
}

const copy = {
  confirm: {
    id: {
      subject: "Konfirmasi email Rupa kamu",
      heading: "Satu langkah lagi!",
      body: "Klik tombol di bawah untuk mengonfirmasi email kamu: kamu langsung masuk dan bisa mulai membuat avatar, di perangkat mana pun.",
      cta: "Konfirmasi email",
      foot: "Tautan berlaku 24 jam dan hanya sekali pakai. Kalau kamu tidak mendaftar di Rupa, abaikan email ini.",
    },
    en: {
      subject: "Confirm your Rupa e-mail",
      heading: "One more step!",
      body: "Press the button below to confirm your e-mail: you are signed in at once and can start making avatars, on any device.",
      cta: "Confirm e-mail",
      foot: "The link is valid for 24 hours and works once. If you did not sign up for Rupa, ignore this e-mail.",
    },
  },
  existing: {
    id: {
      subject: "Kamu sudah punya akun Rupa",
      heading: "Akun kamu sudah ada",
      body: "Seseorang (mungkin kamu) mencoba mendaftar dengan email ini. Kamu sudah punya akun: silakan masuk, atau atur ulang password kalau lupa.",
      cta: "Masuk ke Rupa",
      foot: "Kalau bukan kamu yang mendaftar, abaikan email ini.",
    },
    en: {
      subject: "You already have a Rupa account",
      heading: "Your account already exists",
      body: "Someone (probably you) tried to sign up with this e-mail. You already have an account: sign in, or reset your password if you forgot it.",
      cta: "Sign in to Rupa",
      foot: "If it was not you, ignore this e-mail.",
    },
  },
  reset: {
    id: {
      subject: "Atur ulang password Rupa",
      heading: "Atur ulang password",
      body: "Kami menerima permintaan untuk mengatur ulang password akun Rupa kamu.",
      cta: "Buat password baru",
      foot: "Tautan berlaku 1 jam. Kalau kamu tidak memintanya, abaikan email ini: password kamu tetap aman.",
    },
    en: {
      subject: "Reset your Rupa password",
      heading: "Reset your password",
      body: "We received a request to reset the password of your Rupa account.",
      cta: "Choose a new password",
      foot: "The link is valid for 1 hour. If you did not ask for it, ignore this e-mail: your password stays safe.",
    },
  },
  signInFailures: {
    id: {
      subject: "Percobaan masuk yang gagal ke akun Rupa kamu",
      heading: "Ada yang mencoba masuk ke akunmu",
      body: "Dalam beberapa jam terakhir, ada banyak percobaan masuk ke akun Rupa kamu dengan password yang salah. Kalau itu kamu, tidak apa-apa. Kalau bukan, akunmu tetap aman selama passwordnya kuat: kami memperlambat setiap tebakan berikutnya, dan browser yang pernah kamu pakai untuk masuk tetap bisa masuk seperti biasa. Kalau kamu tidak bisa masuk, atur ulang password dari halaman masuk.",
      cta: "Buka halaman masuk",
      foot: "Kami mengirim email ini paling banyak sekali sehari. Kami tidak akan pernah meminta password kamu lewat email.",
    },
    en: {
      subject: "Failed sign-ins to your Rupa account",
      heading: "Someone tried to sign in to your account",
      body: "In the last few hours there were many attempts to sign in to your Rupa account with a wrong password. If that was you, all is well. If not, your account stays safe as long as its password is strong: we slow down every further guess, and a browser you signed in with before still signs in as usual. If you cannot sign in, reset your password from the sign-in page.",
      cta: "Open the sign-in page",
      foot: "We send this e-mail at most once a day. We will never ask for your password by e-mail.",
    },
  },
  passwordChanged: {
    id: {
      subject: "Password akun Rupa kamu sudah diganti",
      heading: "Password kamu baru saja diganti",
      body: "Password akun Rupa kamu baru saja diganti dari halaman akun, dan semua perangkat lain sudah dikeluarkan. Kalau itu kamu, tidak ada yang perlu dilakukan. Kalau bukan, segera atur ulang password dari halaman masuk.",
      cta: "Atur ulang password",
      foot: "Kami tidak akan pernah meminta password kamu lewat email.",
    },
    en: {
      subject: "Your Rupa password was changed",
      heading: "Your password was just changed",
      body: "The password of your Rupa account was just changed from the account page, and every other device was signed out. If that was you, there is nothing to do. If not, reset your password from the sign-in page now.",
      cta: "Reset your password",
      foot: "We will never ask for your password by e-mail.",
    },
  },
} as const;

export function mailFor(
  kind: keyof typeof copy,
  lang: Language,
  to: string,
  url: string,
): MailMessage {
  const c = copy[kind][lang];
  return {
    to,
    kind: {
      confirm: "confirm-email",
      reset: "reset-password",
      existing: "existing-account",
      signInFailures: "sign-in-failures",
      passwordChanged: "password-changed",
    }[kind],
    subject: c.subject,
    text: `${c.heading}\n\n${c.body}\n\n${c.cta}: ${url}\n\n${c.foot}`,
    html: layout(lang, c.heading, c.body, c.cta, url, c.foot),
  };
}

export interface ReceiptDetails {
  /** The receipt's invoice number ("RUPA/INV/2026/000042"). */
  invoice: string;
  orderId: string;
  /** "Pro - Bulanan". */
  packageName: string;
  amountIdr: number;
  credits: number;
  paidAt: Date;
  expiresAt: Date;
  /** The method as people say it ("QRIS", "GoPay"). */
  paymentType: string | null;
  /** The printable receipt (GET /api/payments/:orderId/receipt). */
  url: string;
}

const receiptCopy = {
  id: {
    subject: (d: ReceiptDetails) => `Kwitansi pembelian Rupa ${d.orderId}`,
    heading: "Terima kasih atas pembelianmu!",
    body: (d: ReceiptDetails) => `${d.credits} kredit sudah ditambahkan ke akunmu.`,
    rows: [
      "No. invoice",
      "No. pesanan",
      "Paket",
      "Jumlah",
      "Kredit",
      "Metode",
      "Dibayar",
      "Berlaku sampai",
    ],
    cta: "Lihat & cetak kuitansi",
    foot: "Paket ini prabayar dan tidak diperpanjang otomatis. Simpan email ini sebagai bukti pembayaran.",
    locale: "id-ID",
  },
  en: {
    subject: (d: ReceiptDetails) => `Your Rupa receipt ${d.orderId}`,
    heading: "Thank you for your purchase!",
    body: (d: ReceiptDetails) => `${d.credits} credits were added to your account.`,
    rows: [
      "Invoice no.",
      "Order no.",
      "Plan",
      "Amount",
      "Credits",
      "Method",
      "Paid",
      "Valid until",
    ],
    cta: "View & print the receipt",
    foot: "This plan is prepaid and does not renew by itself. Keep this e-mail as your proof of payment.",
    locale: "en-GB",
  },
} as const;

/** The receipt after a paid order: invoice number, plan, amount in IDR, credits and expiry. */
export function receiptMail(lang: Language, to: string, d: ReceiptDetails): MailMessage {
  const c = receiptCopy[lang];
  const when = (x: Date) => jakartaTime(x, c.locale, "long");
  const amount = rupiah(d.amountIdr);
  const values = [
    d.invoice,
    d.orderId,
    d.packageName,
    amount,
    String(d.credits),
    d.paymentType ?? "-",
    `${when(d.paidAt)} WIB`,
    `${when(d.expiresAt)} WIB`,
  ];
  return tableMail({
    lang,
    to,
    kind: "payment-receipt",
    subject: c.subject(d),
    heading: c.heading,
    body: c.body(d),
    rows: c.rows.map((label, i) => [label, values[i]!] as const),
    cta: c.cta,
    url: d.url,
    foot: c.foot,
  });
}

/** A mail with a table of label/value rows between its text and its button (receipts). */
function tableMail(m: {
  lang: Language;
  to: string;
  kind: MailMessage["kind"];
  subject: string;
  heading: string;
  body: string;
  rows: readonly (readonly [string, string])[];
  cta: string;
  url: string;
  foot: string;
}): MailMessage {
  const table = m.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#6b6480">${esc(label)}</td><td style="padding:6px 0;font-weight:600">${esc(value)}</td></tr>`,
    )
    .join("");
  const html = layout(m.lang, m.heading, m.body, m.cta, m.url, m.foot).replace(
    "<p><a ",
    `<table style="border-collapse:collapse;margin:0 0 24px;font-size:15px">${table}</table><p><a `,
  );
  return {
    to: m.to,
    kind: m.kind,
    subject: m.subject,
    text: `${m.heading}\n\n${m.body}\n\n${m.rows.map(([l, v]) => `${l}: ${v}`).join("\n")}\n\n${m.cta}: ${m.url}\n\n${m.foot}`,
    html,
  };
}

const rewardCopy = {
  id: {
    subject: (n: number) => `Kamu dapat ${n} kredit dari undangan teman`,
    heading: "Hadiah referral masuk!",
    body: (n: number) =>
      `Teman yang kamu undang baru saja membeli paket pertamanya, jadi ${n} kredit sudah ditambahkan ke akunmu. Kredit ini tanpa watermark dan tidak kedaluwarsa.`,
    cta: "Lihat undanganmu",
    foot: "Bagikan link referral-mu ke teman lain untuk dapat lebih banyak kredit.",
  },
  en: {
    subject: (n: number) => `You earned ${n} credits from a friend you invited`,
    heading: "A referral reward arrived!",
    body: (n: number) =>
      `A friend you invited just made their first purchase, so ${n} credits were added to your account. They carry no watermark and do not expire.`,
    cta: "See your invitations",
    foot: "Share your referral link with more friends to earn more credits.",
  },
} as const;

/**
 * The referrer's notice that a friend's first purchase paid them `credits` credits
 * (docs/product/referrals.md); `url` opens the referral card.
 */
export function referralRewardMail(
  lang: Language,
  to: string,
  credits: number,
  url: string,
): MailMessage {
  const c = rewardCopy[lang];
  return {
    to,
    kind: "referral-reward",
    subject: c.subject(credits),
    text: `${c.heading}\n\n${c.body(credits)}\n\n${c.cta}: ${url}\n\n${c.foot}`,
    html: layout(lang, c.heading, c.body(credits), c.cta, url, c.foot),
  };
}

export interface RefundDetails {
  orderId: string;
  packageName: string;
  amountIdr: number;
  /** Credits of the order taken back (what was left of it). */
  creditsRevoked: number;
  /** Refunded by Rupa outside the gateway (a bank transfer): the money may take longer. */
  manual: boolean;
  url: string;
}

const refundCopy = {
  id: {
    subject: (d: RefundDetails) => `Pesanan ${d.orderId} sudah di-refund`,
    heading: "Refund pesananmu",
    body: (d: RefundDetails, amount: string) =>
      `Pembayaran ${amount} untuk ${d.packageName} (${d.orderId}) sudah kami kembalikan${d.manual ? " lewat transfer dari tim Rupa" : " lewat metode pembayaran yang kamu pakai"}. ${d.creditsRevoked > 0 ? `${d.creditsRevoked} kredit yang belum terpakai dari pesanan ini ditarik kembali.` : "Tidak ada kredit tersisa dari pesanan ini yang perlu ditarik."}`,
    cta: "Lihat kreditmu",
    foot: "Dana biasanya masuk dalam 1–14 hari kerja, tergantung bank atau dompet digitalmu.",
  },
  en: {
    subject: (d: RefundDetails) => `Order ${d.orderId} has been refunded`,
    heading: "Your order was refunded",
    body: (d: RefundDetails, amount: string) =>
      `We refunded ${amount} for ${d.packageName} (${d.orderId})${d.manual ? " by a transfer from the Rupa team" : " to the method you paid with"}. ${d.creditsRevoked > 0 ? `${d.creditsRevoked} unused credits of this order were taken back.` : "No credits of this order were left to take back."}`,
    cta: "See your credits",
    foot: "The money usually arrives within 1–14 working days, depending on your bank or e-wallet.",
  },
} as const;

/** The member's notice that an order was refunded and its unused credits revoked (ADR 043). */
export function refundMail(lang: Language, to: string, d: RefundDetails): MailMessage {
  const c = refundCopy[lang];
  const body = c.body(d, rupiah(d.amountIdr));
  return {
    to,
    kind: "payment-refund",
    subject: c.subject(d),
    text: `${c.heading}\n\n${body}\n\n${c.cta}: ${d.url}\n\n${c.foot}`,
    html: layout(lang, c.heading, body, c.cta, d.url, c.foot),
  };
}

/** What an account's deletion removed, by kind, for its receipt (docs/product/privacy.md). */
export interface DeletionReceipt {
  counts: Record<
    | "photos"
    | "avatars"
    | "kanvas_pictures"
    | "generations"
    | "custom_requests"
    | "credit_lines"
    | "consents"
    | "log_entries"
    | "data_exports"
    | "referrals"
    | "sessions"
    | "payments_kept",
    number
  >;
  deletedAt: Date;
  /** The privacy policy (/privacy). */
  url: string;
}

const deletionCopy = {
  id: {
    subject: "Akun Rupa-mu sudah dihapus",
    heading: "Akunmu sudah dihapus",
    body: (d: DeletionReceipt, when: string) =>
      `Sesuai permintaanmu, akun Rupa-mu dan datanya dihapus pada ${when} WIB. Ini tanda terima yang menyebut apa saja yang dihapus. Semua file (foto, avatar, gambar Kanvas, versi tanpa watermark, thumbnail dan ekspor data) dihapus dari penyimpanan kami.${d.counts.payments_kept > 0 ? ` ${d.counts.payments_kept} catatan pembayaran tetap kami simpan karena diwajibkan hukum (bukti transaksi), tanpa nama, e-mail, atau hubungan apa pun ke dirimu.` : ""}`,
    rows: {
      photos: "Foto asli",
      avatars: "Avatar",
      kanvas_pictures: "Gambar Kanvas",
      generations: "Riwayat pembuatan",
      custom_requests: "Permintaan profesi kustom",
      credit_lines: "Baris riwayat kredit",
      consents: "Catatan persetujuan",
      log_entries: "Catatan pemrosesan",
      data_exports: "Ekspor data",
      referrals: "Referral",
      sessions: "Sesi masuk",
      payments_kept: "Catatan pembayaran disimpan (tanpa data pribadi)",
    },
    cta: "Kebijakan Privasi",
    foot: "Ini pesan terakhir kami ke alamat ini. Terima kasih sudah memakai Rupa.",
    locale: "id-ID",
  },
  en: {
    subject: "Your Rupa account has been deleted",
    heading: "Your account was deleted",
    body: (d: DeletionReceipt, when: string) =>
      `As you asked, your Rupa account and its data were deleted on ${when} WIB. This receipt lists what was deleted. Every file (photos, avatars, Kanvas pictures, unwatermarked versions, thumbnails and data exports) was removed from our storage.${d.counts.payments_kept > 0 ? ` We keep ${d.counts.payments_kept} payment records because the law requires proof of sale, without your name, e-mail or any link to you.` : ""}`,
    rows: {
      photos: "Source photos",
      avatars: "Avatars",
      kanvas_pictures: "Kanvas pictures",
      generations: "Generation history",
      custom_requests: "Custom profession requests",
      credit_lines: "Credit history lines",
      consents: "Consent records",
      log_entries: "Processing log entries",
      data_exports: "Data exports",
      referrals: "Referrals",
      sessions: "Sign-in sessions",
      payments_kept: "Payment records kept (no personal data)",
    },
    cta: "Privacy policy",
    foot: "This is our last message to this address. Thank you for using Rupa.",
    locale: "en-GB",
  },
} as const;

/** The receipt of an account's deletion: what was deleted by kind and count, what was kept. */
export function accountDeletedMail(lang: Language, to: string, d: DeletionReceipt): MailMessage {
  const c = deletionCopy[lang];
  const when = jakartaTime(d.deletedAt, c.locale, "long");
  return tableMail({
    lang,
    to,
    kind: "account-deleted",
    subject: c.subject,
    heading: c.heading,
    body: c.body(d, when),
    rows: (Object.keys(c.rows) as (keyof typeof c.rows)[]).map(
      (k) => [c.rows[k], String(d.counts[k])] as const,
    ),
    cta: c.cta,
    url: d.url,
    foot: c.foot,
  });
}

/** A personal-data breach notice (docs/product/privacy.md, "Data requests and breach notices"). */
export interface BreachNoticeDetails {
  /** What happened, in the admin's words, in the member's language. */
  message: string;
  windowFrom: Date;
  windowTo: Date;
  /** The feedback page (/feedback), where questions reach the team. */
  url: string;
}

const breachCopy = {
  id: {
    subject: "Pemberitahuan keamanan data akun Rupa kamu",
    heading: "Pemberitahuan tentang data pribadimu",
    intro:
      "Kami memberitahumu karena data pribadimu di Rupa mungkin terdampak oleh kejadian keamanan berikut.",
    happened: "Apa yang terjadi",
    window: (from: string, to: string) => `Waktu kejadian: ${from} sampai ${to} WIB.`,
    doing:
      "Yang kami lakukan: kami menangani kejadian ini, memeriksa data apa saja yang terdampak, dan memberitahukannya sesuai Undang-Undang Pelindungan Data Pribadi. Kami akan memberi kabar lagi kalau ada yang perlu kamu lakukan.",
    rights:
      "Kamu berhak bertanya apa saja tentang kejadian ini dan tentang datamu, meminta salinan datamu, atau meminta akunmu dihapus. Kirim pertanyaanmu lewat halaman Feedback di Rupa: tim kami menjawabnya.",
    cta: "Tanya tim Rupa",
    foot: "Kami tidak akan pernah meminta password kamu lewat email. Kalau ragu, masuk ke Rupa langsung dari browser, bukan dari tautan di email.",
    locale: "id-ID",
  },
  en: {
    subject: "A security notice about your Rupa account's data",
    heading: "A notice about your personal data",
    intro:
      "We are telling you because your personal data at Rupa may have been affected by the following security incident.",
    happened: "What happened",
    window: (from: string, to: string) => `When: from ${from} to ${to} WIB (Jakarta time).`,
    doing:
      "What we are doing: we are handling the incident, checking which data was affected, and giving notice of it as Indonesia's personal data protection law requires. We will write again if there is anything you need to do.",
    rights:
      "You have the right to ask us anything about this incident and about your data, to ask for a copy of your data, or to have your account deleted. Send your question on Rupa's Feedback page: our team answers it.",
    cta: "Ask the Rupa team",
    foot: "We will never ask for your password by e-mail. If in doubt, open Rupa in your browser yourself rather than from a link in an e-mail.",
    locale: "en-GB",
  },
} as const;

/** A ready data export, for its e-mail (docs/product/privacy.md, Export). */
export interface ExportReady {
  expiresAt: Date;
  sizeBytes: number;
  /** The privacy settings, where it is downloaded (/billing#privasi). */
  url: string;
}

const exportCopy = {
  id: {
    subject: "Salinan data Rupa-mu sudah siap",
    heading: "Datamu siap diunduh",
    body: (size: string, until: string) =>
      `Salinan data pribadimu (${size}) sudah kami siapkan sebagai file ZIP: profil, riwayat kredit dan pembayaran, avatar, foto yang masih disimpan, persetujuan dan catatan pemrosesan. Unduh dari pengaturan privasi sebelum ${until} WIB; setelah itu file dihapus.`,
    cta: "Unduh data saya",
    foot: "Hanya kamu yang bisa mengunduhnya, setelah masuk ke akunmu. Tidak meminta salinan ini? Ganti kata sandimu.",
    locale: "id-ID",
  },
  en: {
    subject: "Your Rupa data is ready",
    heading: "Your data is ready to download",
    body: (size: string, until: string) =>
      `We prepared a copy of your personal data (${size}) as a ZIP file: profile, credit and payment history, avatars, photos still kept, consents and the processing log. Download it from your privacy settings before ${until} WIB; after that it is deleted.`,
    cta: "Download my data",
    foot: "Only you can download it, once signed in. Did not ask for this copy? Change your password.",
    locale: "en-GB",
  },
} as const;

/**
 * The notice to a member a breach may have affected: what happened (the admin's text, escaped,
 * its paragraphs kept), when, what Rupa is doing, their right to ask, and where to ask.
 */
export function breachNoticeMail(lang: Language, to: string, d: BreachNoticeDetails): MailMessage {
  const c = breachCopy[lang];
  const when = (x: Date) => jakartaTime(x, c.locale, "long");
  const window = c.window(when(d.windowFrom), when(d.windowTo));
  const message = d.message.trim();
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((p) => `<p style="line-height:1.5;margin:0 0 12px">${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const para = (text: string) => `<p style="line-height:1.5;margin:0 0 16px">${esc(text)}</p>`;
  const html = layout(lang, c.heading, c.intro, c.cta, d.url, c.foot).replace(
    "<p><a ",
    `<h2 style="font-size:16px;margin:0 0 8px">${esc(c.happened)}</h2>${paragraphs}${para(window)}${para(c.doing)}${para(c.rights)}<p><a `,
  );
  return {
    to,
    kind: "breach-notice",
    subject: c.subject,
    text: `${c.heading}\n\n${c.intro}\n\n${c.happened}:\n${message}\n\n${window}\n\n${c.doing}\n\n${c.rights}\n\n${c.cta}: ${d.url}\n\n${c.foot}`,
    html,
  };
}

/** The member's notice that their data export is ready (ADR 045), in their language. */
export function exportReadyMail(lang: Language, to: string, d: ExportReady): MailMessage {
  const c = exportCopy[lang];
  const until = jakartaTime(d.expiresAt, c.locale, "long");
  const mb = d.sizeBytes / 1_000_000;
  const size =
    mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(d.sizeBytes / 1000))} KB`;
  const body = c.body(size, until);
  return {
    to,
    kind: "data-export-ready",
    subject: c.subject,
    text: `${c.heading}\n\n${body}\n\n${c.cta}: ${d.url}\n\n${c.foot}`,
    html: layout(lang, c.heading, body, c.cta, d.url, c.foot),
  };
}
