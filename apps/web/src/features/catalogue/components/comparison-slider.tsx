import type { ImageSet } from "@rupa/shared";
import { ChevronsLeftRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useI18n } from "@/lib/i18n";
import { imageSetSrcSet, PREVIEW_SIZES } from "@/lib/image-set";
import { cn } from "@/lib/utils";
import { percentFromKey, percentFromPointer } from "../lib/slider";

/**
 * Before/after comparison: the after picture underneath, the before picture on top clipped at
 * the divider. Drag anywhere (pointer capture) or use the arrow keys, PageUp/Down, Home and End
 * on the handle, which is an ARIA slider.
 */
export function ComparisonSlider({
  before,
  after,
  beforeAlt,
  afterAlt,
  className,
}: {
  before: ImageSet;
  after: ImageSet;
  beforeAlt: string;
  afterAlt: string;
  className?: string;
}) {
  const { t } = useI18n();
  const [percent, setPercent] = useState(50);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) setPercent(percentFromPointer(clientX, rect.left, rect.width));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stop = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = percentFromKey(percent, event.key);
    if (next === null) return;
    event.preventDefault();
    setPercent(next);
  };
  const rounded = Math.round(percent);

  return (
    <div
      ref={box}
      data-slot="comparison-slider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      className={cn(
        "relative aspect-[4/5] w-full cursor-ew-resize touch-pan-y overflow-hidden rounded-2xl bg-muted select-none",
        className,
      )}
    >
      <Layer image={after} alt={afterAlt} />
      <Layer image={before} alt={beforeAlt} clipRight={100 - percent} />
      <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-foreground/70 px-2.5 py-1 text-xs font-bold text-background">
        {t("styleDetail.before")}
      </span>
      <span className="pointer-events-none absolute top-3 right-3 rounded-full bg-primary/90 px-2.5 py-1 text-xs font-bold text-primary-foreground">
        {t("styleDetail.after")}
      </span>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.15)]"
        style={{ left: `${percent}%` }}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={t("styleDetail.sliderLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t("styleDetail.sliderValue", { percent: rounded })}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-primary-foreground shadow-lift focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-none"
        style={{ left: `${percent}%` }}
      >
        <ChevronsLeftRight aria-hidden className="size-5" />
      </div>
    </div>
  );
}

/** One of the two pictures, filling the box; `clipRight` hides that percentage on its right. */
function Layer({ image, alt, clipRight }: { image: ImageSet; alt: string; clipRight?: number }) {
  return (
    <img
      src={image.full}
      srcSet={imageSetSrcSet(image)}
      sizes={PREVIEW_SIZES.dialog}
      alt={alt}
      width={image.width}
      height={image.height}
      draggable={false}
      style={clipRight === undefined ? undefined : { clipPath: `inset(0 ${clipRight}% 0 0)` }}
      className="absolute inset-0 size-full object-cover"
    />
  );
}
