/**
 * The offline page (dist/offline.html), written at build time from the locale files' `offline`
 * messages (vite.pwa.ts), and the language rule its script (offline.ts) applies. The page is
 * static, styled inline and needs no other file but that script: the service worker answers a
 * navigation with it when there is no network.
 */

import { escapeHtml } from "../html";
import { isLang, langFromCookie, type Lang } from "../i18n-core";

export type OfflineMessages = { title: string; body: string; retry: string };

/**
 * The language the visitor chose, or null (no choice: both are shown, Indonesian first). The
 * choice is rupa.lang in localStorage; the rupa.lang cookie counts only for English, as the app
 * writes its current language there even when nobody chose it (Indonesian, the default).
 */
export function offlineLanguage(stored: string | null, cookie: string): Lang | null {
  if (isLang(stored)) return stored;
  return langFromCookie(cookie) === "en" ? "en" : null;
}

/** The mark of components/logo.tsx (and public/favicon.svg). */
const LOGO = `<svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b3df5"/><stop offset="0.62" stop-color="#4a23c9"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#g)"/><path d="M21 47V17h12.5c6.4 0 10.5 3.7 10.5 9.3 0 4.2-2.3 7.3-6.1 8.6L45 47h-7.6l-6.6-11.2H27.6V47H21Zm6.6-16.6h5.4c3 0 4.6-1.5 4.6-4 0-2.6-1.6-4-4.6-4h-5.4v8Z" fill="#fff"/><circle cx="49" cy="15" r="4" fill="#ffd2b8"/></svg>`;

// The app's tokens (index.css): background, foreground, primary, muted text, border. With one
// language chosen (html[data-only]), its section is the only one and looks like the first.
const STYLE = `
*{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px 16px;background:#faf7f2;color:#1c1631;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Ubuntu,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{width:100%;max-width:28rem;display:flex;flex-direction:column;gap:20px;padding:28px 24px;background:#fff;border:1px solid #e6ded2;border-radius:1.25rem;box-shadow:0 1px 2px rgb(28 22 49/.04),0 8px 24px -12px rgb(28 22 49/.12)}
h1{margin:0 0 6px;font-size:1.375rem;line-height:1.25;font-weight:800;letter-spacing:-.01em}
p{margin:0;color:#635b78}
section+section{padding-top:16px;border-top:1px solid #e6ded2}
section+section h1{font-size:1.125rem}
button{display:flex;align-items:center;justify-content:center;gap:6px;width:100%;min-height:48px;padding:12px 20px;border:0;border-radius:.75rem;background:#4a23c9;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#3d1ba8}
button:focus-visible{outline:3px solid #6d4bff;outline-offset:2px}
html[data-only=id] [data-lang=en],html[data-only=en] [data-lang=id],html[data-only] .both{display:none}
html[data-only] section+section{padding-top:0;border-top:0}
html[data-only] section+section h1{font-size:1.375rem}
`;

/** The page, Indonesian first; offline.js narrows it to the visitor's language when known. */
export function offlinePage(messages: Record<Lang, OfflineMessages>): string {
  const { id, en } = messages;
  const section = (lang: Lang, m: OfflineMessages) =>
    `<section lang="${lang}" data-lang="${lang}"><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m.body)}</p></section>`;
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#4a23c9">
<meta name="robots" content="noindex">
<title>${escapeHtml(id.title)} · Rupa</title>
<style>${STYLE.trim().replace(/\n/g, "")}</style>
<script src="/offline.js" defer></script>
</head>
<body>
<main data-en-title="${escapeHtml(en.title)} · Rupa">
${LOGO}
${section("id", id)}
${section("en", en)}
<button type="button" id="retry"><span data-lang="id" lang="id">${escapeHtml(id.retry)}</span><span class="both" aria-hidden="true">·</span><span data-lang="en" lang="en">${escapeHtml(en.retry)}</span></button>
</main>
</body>
</html>
`;
}
