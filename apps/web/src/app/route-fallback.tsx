import { LogoMark } from "@/components/logo";
import { useI18n } from "@/lib/i18n";

/** Shown while the first page's code downloads: the brand mark, gently pulsing. */
export function RouteFallback() {
  const { t } = useI18n();
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background"
    >
      <LogoMark className="size-14 animate-pulse" />
      <span className="sr-only">{t("app.loading")}</span>
    </div>
  );
}
