import { Island } from "@/components/island";
import { LANGS, useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";

/**
 * ID/EN switch. The choice is stored and survives reloads and sign-out. An island: in a
 * server-rendered page it works as soon as its own small code has loaded.
 */
export function LanguageToggle({ className }: { className?: string }) {
  return <Island name="language-toggle" component={LanguageToggleControl} props={{ className }} />;
}

export function LanguageToggleControl({ className }: { className?: string }) {
  const { lang, setLang, t } = useI18n();
  // In a server-rendered page the toggle works once its island has hydrated.
  const hydrated = useHydrated();
  return (
    <div
      role="group"
      aria-label={t("language.label")}
      data-slot="language-toggle"
      className={cn(
        "inline-flex shrink-0 items-center rounded-full border bg-muted p-0.5",
        className,
      )}
    >
      {LANGS.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={lang === option}
          disabled={!hydrated}
          title={t(`language.${option}`)}
          onClick={() => void setLang(option)}
          className="inline-flex h-10 min-w-11 items-center justify-center rounded-full px-3 text-xs font-bold tracking-wide text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-card aria-pressed:text-primary aria-pressed:shadow-soft"
        >
          {t(`language.${option}Short`)}
        </button>
      ))}
    </div>
  );
}
