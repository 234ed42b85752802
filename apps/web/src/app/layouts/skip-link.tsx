import { useI18n } from "@/lib/i18n";

/** First focusable element of every layout: jumps past the navigation to #main. */
export function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-xl focus:bg-primary focus:px-4 focus:py-3 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lift"
    >
      {t("app.skipToContent")}
    </a>
  );
}
