import {
  Clapperboard,
  ImageIcon,
  Play,
  Share2,
  Sparkles,
  Waves,
  type LucideIcon,
} from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { ArrowLinkButton } from "@/components/arrow-link-button";
import { Glow } from "@/components/glow";
import { Button } from "@/components/ui/button";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** Decorative phone frame with a "video" playing; hidden from assistive technology. */
function VideoPreviewArt() {
  return (
    <div aria-hidden className="relative mx-auto w-36 shrink-0 select-none sm:w-48 md:w-56">
      <Glow className="-inset-6 bg-accent/35" />
      <div className="relative animate-float rounded-[2rem] border border-white/25 bg-white/10 p-2 shadow-2xl backdrop-blur-sm">
        <div className="relative aspect-[9/16] overflow-hidden rounded-[1.5rem] bg-gradient-to-b from-[#ffb38a] via-[#ff7a45] to-[#5b21b6]">
          <div className="absolute inset-x-0 top-[16%] mx-auto aspect-square w-[34%] rounded-full bg-white/85" />
          <div className="absolute inset-x-0 top-[40%] bottom-0 mx-auto w-[72%] rounded-t-[45%] bg-white/70" />
          <div className="absolute inset-0 bg-gradient-to-t from-[#2a1470]/70 via-transparent to-transparent" />
          <span className="absolute top-1/2 left-1/2 flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-primary shadow-lg">
            <Play className="ml-0.5 size-5 fill-current" />
          </span>
          <div className="absolute inset-x-3 bottom-3 h-1 overflow-hidden rounded-full bg-white/30">
            <div className="h-full w-2/5 rounded-full bg-white" />
          </div>
        </div>
      </div>
      <FloatingIcon icon={Sparkles} className="-top-2 -right-4 text-accent" />
      <FloatingIcon icon={Clapperboard} className="bottom-10 -left-5 text-primary" />
    </div>
  );
}

/** A white tile with an icon, floating at a corner of the phone frame. */
function FloatingIcon({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span
      className={cn(
        "absolute flex size-10 items-center justify-center rounded-2xl bg-white shadow-lg",
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

export default function Img2VidRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.img2vid.title"), description: t("pages.img2vid.description") });

  const points = [
    { icon: ImageIcon, label: t("pages.img2vid.pointPhoto") },
    { icon: Waves, label: t("pages.img2vid.pointMotion") },
    { icon: Share2, label: t("pages.img2vid.pointShare") },
  ];

  return (
    <div className="flex flex-col gap-5 md:gap-6">
      <section className="relative overflow-hidden rounded-[1.75rem] bg-gradient-to-br from-[#24105f] via-primary to-[#7c3aed] px-5 py-8 text-white shadow-lift sm:px-8 md:px-12 md:py-14">
        <Glow className="-top-24 -right-16 size-72 bg-accent/30" />
        <Glow className="-bottom-28 -left-20 size-72 bg-[#9f7aea]/40" />
        <div className="relative grid items-center gap-10 md:grid-cols-[1.25fr_1fr]">
          <div className="flex flex-col items-start gap-5">
            <span className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3.5 py-1.5 text-xs font-bold tracking-wider uppercase ring-1 ring-white/25">
              <Sparkles className="size-4 text-[#ffc7a8]" aria-hidden />
              {t("pages.img2vid.badge")}
            </span>
            <h1 className="text-4xl font-black tracking-tight sm:text-5xl md:text-6xl">
              {t("pages.img2vid.title")}
            </h1>
            <p className="max-w-md text-base text-pretty text-white/85 sm:text-lg">
              {t("pages.img2vid.lead")}
            </p>
            <ul className="flex w-full flex-col gap-2.5 sm:w-auto">
              {points.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="flex items-center gap-3 text-sm font-medium sm:text-base"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
                    <Icon className="size-[1.125rem]" aria-hidden />
                  </span>
                  {label}
                </li>
              ))}
            </ul>
          </div>
          <VideoPreviewArt />
        </div>
      </section>

      <section className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-soft sm:flex-row sm:items-center sm:justify-between md:p-6">
        <p className="text-base font-semibold text-pretty">{t("pages.img2vid.whileWaiting")}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ArrowLinkButton to="/eksplor">{t("pages.img2vid.ctaExplore")}</ArrowLinkButton>
          <Button variant="outline" asChild>
            <PageLink href="/kanvas">{t("pages.img2vid.ctaKanvas")}</PageLink>
          </Button>
        </div>
      </section>
    </div>
  );
}
