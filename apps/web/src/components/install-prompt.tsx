import { Download } from "lucide-react";
import { useId } from "react";
import { LogoMark } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { useInstallPrompt } from "@/lib/pwa/install-prompt";
import { cn } from "@/lib/utils";

/**
 * "Pasang Rupa di layar utama": the browser's install offer, on a screen that shows a finished
 * avatar (`avatar`: the generator's result, a gallery with avatars), never on arrival, and only
 * when the browser made one. "Nanti saja" keeps it away for a month (lib/pwa/install-prompt.ts).
 */
export function InstallPrompt({ avatar, className }: { avatar: boolean; className?: string }) {
  const { t } = useI18n();
  const id = useId();
  const { offered, install, dismiss } = useInstallPrompt(avatar);
  if (!offered) return null;
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "flex animate-fade-in flex-col gap-4 rounded-2xl border border-primary/15 bg-primary-soft/60 p-4 sm:flex-row sm:items-center sm:p-5",
        className,
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <LogoMark className="size-10 sm:size-12" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={id} className="text-base font-bold text-primary-soft-foreground">
            {t("install.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("install.body")}</p>
        </div>
      </div>
      <div className="flex gap-2 *:flex-1 sm:*:flex-none">
        <Button onClick={() => void install()}>
          <Download aria-hidden />
          {t("install.action")}
        </Button>
        <Button variant="outline" onClick={dismiss}>
          {t("install.dismiss")}
        </Button>
      </div>
    </section>
  );
}
