import { Crown, Palette } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

type Props = {
  name: string;
  imageUrl: string | null;
  isPremium: boolean;
};

/** The chosen style with its preview and a Change button (to /eksplor). */
export function StyleCard({ name, imageUrl, isPremium }: Props) {
  const { t } = useI18n();
  return (
    <section
      aria-label={t("generator.style.heading")}
      className="flex items-center gap-4 rounded-2xl border bg-card p-3 shadow-soft sm:p-4"
    >
      <div className="relative aspect-[4/5] w-20 shrink-0 overflow-hidden rounded-xl bg-primary-soft sm:w-24">
        {imageUrl ? (
          <img src={imageUrl} alt="" className="size-full object-cover" />
        ) : (
          <Palette aria-hidden className="absolute inset-0 m-auto size-8 text-primary" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("generator.style.heading")}
        </p>
        {/* The whole name, on as many lines as it takes (a 360 px phone leaves ~130 px). */}
        <p className="text-base leading-snug font-bold [overflow-wrap:anywhere]">{name}</p>
        {isPremium ? (
          <span className="inline-flex w-fit items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-soft-foreground">
            <Crown aria-hidden className="size-3.5" />
            {t("generator.style.premium")}
          </span>
        ) : null}
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <PageLink href="/eksplor" aria-label={t("generator.style.changeLabel", { style: name })}>
          {t("generator.style.change")}
        </PageLink>
      </Button>
    </section>
  );
}
