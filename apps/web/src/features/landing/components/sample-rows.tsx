import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { buildSampleRows } from "../lib/sample-rows";
import type { Sample } from "../lib/samples";
import { SampleImage } from "./sample-image";

/**
 * One cycle per row: 20, 25 and 30 seconds (docs/product/catalogue.md). The middle row runs the
 * other way.
 */
const ROW_ANIMATION = [
  "animate-[rupa-marquee_20s_linear_infinite]",
  "animate-[rupa-marquee_25s_linear_infinite] [animation-direction:reverse]",
  "animate-[rupa-marquee_30s_linear_infinite]",
];
const PLACEHOLDER_TILES = 8;

/**
 * The hero's three auto-scrolling rows of real previews. Each row is drawn twice and moved by
 * half its width, so the loop is seamless; under prefers-reduced-motion nothing moves. The
 * tiles have a fixed size, so rows keep their height while the previews load.
 */
export function SampleRows({ styles }: { styles: readonly Sample[] | undefined }) {
  const { t } = useI18n();
  const rows = buildSampleRows(styles ?? []);
  return (
    <div
      role="img"
      aria-label={t("landing.hero.samplesLabel")}
      className="relative flex flex-col gap-3 overflow-hidden py-1 [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]"
    >
      <style>
        {
          "@keyframes rupa-marquee{from{transform:translate3d(0,0,0)}to{transform:translate3d(-50%,0,0)}}"
        }
      </style>
      {ROW_ANIMATION.map((animation, rowIndex) => {
        const row = rows[rowIndex] ?? [];
        const tiles = row.length > 0 ? [...row, ...row] : null;
        return (
          <div key={animation} className="flex w-max">
            <div
              className={cn(
                "flex w-max gap-3 pr-3 will-change-transform motion-reduce:animate-none",
                tiles && animation,
              )}
            >
              {tiles
                ? tiles.map((style, index) => (
                    <SampleImage
                      key={`${style.id}-${index}`}
                      image={style.preview}
                      alt=""
                      // The page's largest content is the headline: the tiles load after it
                      // is painted, as the browser reaches them, and at low priority even on
                      // screen, behind the headline and the page's code (docs/decisions/027).
                      priority="low"
                      className="w-24 shrink-0 rounded-2xl shadow-soft ring-1 ring-black/5 sm:w-28 lg:w-32"
                    />
                  ))
                : Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
                    <SampleImage
                      key={index}
                      image={null}
                      alt=""
                      className="w-24 shrink-0 rounded-2xl ring-1 ring-black/5 sm:w-28 lg:w-32"
                    />
                  ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
