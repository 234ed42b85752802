/**
 * The offline page's script (dist/offline.js): shows only the visitor's language when they chose
 * one, and makes "Coba lagi" reload the page they asked for.
 */
import { readStoredLang } from "../i18n-core";
import { offlineLanguage } from "./offline-page";

const lang = offlineLanguage(readStoredLang(), document.cookie);
if (lang) {
  document.documentElement.lang = lang;
  document.documentElement.dataset.only = lang;
  const englishTitle = document.querySelector("main")?.dataset.enTitle;
  if (lang === "en" && englishTitle) document.title = englishTitle;
}
document.getElementById("retry")?.addEventListener("click", () => location.reload());
