import { useEffect, useState } from "react";
import { Island } from "@/components/island";
import { CarouselNav } from "@/components/carousel-nav";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { PREVIEW_SIZES } from "@/lib/image-set";
import { cn } from "@/lib/utils";
import { wrapIndex } from "@/lib/wrap-index";
import { useLandingSamples } from "../hooks/use-landing-samples";
import { useOnScreen } from "../hooks/use-on-screen";
import { useReducedMotion } from "../hooks/use-reduced-motion";
import { pickCarouselPairs, type Sample } from "../lib/samples";
import { SampleImage } from "./sample-image";

export const AUTO_ADVANCE_MS = 4_000;

/** The landing page's carousel of the featured styles: an island of the server-rendered page. */
export function LandingCarousel() {
  return <BeforeAfterCarousel styles={useLandingSamples()} />;
}

/** The carousel as a part of the page (rendered with its island). */
export function LandingCarouselIsland() {
  return <Island name="landing-carousel" component={LandingCarousel} props={{}} />;
}

/**
 * Four before/after pairs with previous/next arrows and dots (WAI-ARIA carousel). It moves on
 * by itself every 4 seconds while it is on the screen (off it, it neither renders nor downloads
 * the next pictures), except while pointed at or focused, and never under
 * prefers-reduced-motion.
 */
export function BeforeAfterCarousel({ styles }: { styles: readonly Sample[] | undefined }) {
  const { t, lang } = useI18n();
  const pairs = pickCarouselPairs(styles ?? []);
  const [index, setIndex] = useState(0);
  // In the server's HTML the arrows and dots wait for the island's code: a tap is never lost.
  const hydrated = useHydrated();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(region);
  const count = pairs.length;
  const current = count > 0 ? pairs[Math.min(index, count - 1)] : undefined;
  const autoplay = count > 1 && onScreen && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(
      () => setIndex((value) => wrapIndex(value, 1, count)),
      AUTO_ADVANCE_MS,
    );
    return () => clearInterval(timer);
  }, [autoplay, count]);

  if (!current) {
    return (
      <div className="mx-auto grid w-full max-w-2xl grid-cols-2 gap-3" aria-busy="true">
        <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
        <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
        <p className="col-span-2 text-center text-sm text-muted-foreground">
          {t("landing.carousel.pending")}
        </p>
      </div>
    );
  }

  const name = lang === "id" ? current.nameId : current.name;
  return (
    <div
      ref={setRegion}
      role="region"
      aria-roledescription="carousel"
      aria-label={t("landing.carousel.label")}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="mx-auto flex w-full max-w-2xl flex-col gap-4"
    >
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t("landing.carousel.slide", { index: index + 1, count, style: name })}
        aria-live={autoplay ? "off" : "polite"}
        className="grid grid-cols-2 gap-3 sm:gap-4"
      >
        {(["before", "after"] as const).map((side) => (
          <figure key={`${current.id}-${side}`} className="relative m-0">
            <SampleImage
              image={side === "before" ? current.before : current.preview}
              alt={`${t(`landing.carousel.${side}`)}: ${name}`}
              sizes={PREVIEW_SIZES.carousel}
              className="w-full rounded-2xl shadow-soft ring-1 ring-black/5 motion-safe:animate-fade-in"
            />
            <figcaption
              className={cn(
                "absolute top-2 left-2 rounded-full px-2.5 py-1 text-xs font-bold",
                side === "before"
                  ? "bg-foreground/70 text-background"
                  : "bg-primary text-primary-foreground",
              )}
            >
              {t(`landing.carousel.${side}`)}
            </figcaption>
          </figure>
        ))}
        <p className="col-span-2 text-center text-base font-bold">{name}</p>
      </div>
      <CarouselNav
        ids={pairs.map((pair) => pair.id)}
        index={index}
        onIndex={setIndex}
        previousLabel={t("landing.carousel.previous")}
        nextLabel={t("landing.carousel.next")}
        dotLabel={(n) => t("landing.carousel.goTo", { index: n })}
        disabled={!hydrated}
      />
    </div>
  );
}
