/**
 * The checker island's code, one step removed: app/islands.tsx (which every server-rendered page
 * downloads, the landing page too) names only this small module, and this module names the
 * checker's files. The islands' loader then grows by one file name, not the ten or so the
 * checker needs (its icons, the checklist, the background choice).
 */
export const loadPasFotoChecker = () => import("./pas-foto-checker").then((m) => m.PasFotoChecker);
