/**
 * The offline page's script (dist/offline.js): shows only the visitor's language when they chose
 * one, and makes "Coba lagi" reload the page they asked for.
 */
import { LANG_STORAGE_KEY } from "../i18n-core";
import { offlineLanguage } from "./offline-page";

let stored: string | null = null;
try {
  stored = localStorage.getItem(LANG_STORAGE_KEY);
} catch {
  // Storage blocked: the cookie, or both languages.
}
const lang = offlineLanguage(stored, document.cookie);
if (lang) {
  document.documentElement.lang = lang;
  document.documentElement.dataset.only = lang;
  const englishTitle = document.querySelector("main")?.dataset.enTitle;
  if (lang === "en" && englishTitle) document.title = englishTitle;
}
document.getElementById("retry")?.addEventListener("click", () => location.reload());
