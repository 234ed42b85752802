import type { StyleSummary } from "@rupa/shared";
import { Check, Crown, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CarouselNav } from "@/components/carousel-nav";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogHeader } from "@/components/ui/dialog-layout";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog-parts";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { usePageNavigate } from "@/lib/page-navigation";
import { selectStyle } from "@/lib/selected-style";
import { toast } from "@/lib/toast";
import { PREVIEW_SIZES } from "@/lib/image-set";
import { trackStyleEvent, type StyleEventSection } from "../api/events";
import { useCatalogueSummary, useStyleDetail } from "@/lib/styles-api";
import { describeGenerationTime } from "../lib/figures";
import { styleDescription, styleName } from "../lib/groups";
import { styleAction, type Viewer } from "../lib/viewer";
import { ComparisonSlider } from "./comparison-slider";
import { StyleImage } from "./style-image";

export type OpenStyle = {
  id: string;
  section: StyleEventSection;
  /** What the list already knows, shown at once while the detail loads. */
  summary?: StyleSummary;
};

/**
 * The style detail dialog (docs/product/catalogue.md): a centred dialog from 768px, a bottom sheet
 * below. Opening it records a "clicked" event; the action button selects the style and opens
 * /generator, or sends a visitor whose free try is used to sign up.
 */
export default function StyleDetailDialog({
  open,
  viewer,
  onClose,
}: {
  open: OpenStyle | null;
  viewer: Viewer;
  onClose: () => void;
}) {
  const { t } = useI18n();
  // The card that opened the dialog takes the focus back when it closes (the dialog has no
  // trigger of its own for Radix to return to).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        closeLabel={t("styleDetail.close")}
        className="gap-0 p-0 md:max-w-3xl max-md:top-auto max-md:bottom-0 max-md:left-0 max-md:max-h-[92dvh] max-md:w-full max-md:max-w-none max-md:translate-x-0 max-md:translate-y-0 max-md:rounded-b-none max-md:pb-[env(safe-area-inset-bottom)]"
      >
        {open ? <StyleDetailBody key={open.id} open={open} viewer={viewer} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StyleDetailBody({ open, viewer }: { open: OpenStyle; viewer: Viewer }) {
  const { t, lang } = useI18n();
  const navigate = usePageNavigate();
  const detail = useStyleDetail(open.id);
  const summary = useCatalogueSummary();
  const [pairIndex, setPairIndex] = useState(0);

  useEffect(() => {
    trackStyleEvent({ styleId: open.id, type: "clicked", section: open.section });
  }, [open.id, open.section]);

  const style = detail.data ?? open.summary;
  const pairs = detail.data?.pairs ?? [];
  const pair = pairs[pairIndex];
  const action = styleAction(viewer);
  const time = describeGenerationTime(summary.data?.medianGenerationSeconds ?? null, t);

  if (!style) {
    return (
      <div className="grid gap-4 p-6 md:grid-cols-[minmax(0,20rem)_1fr]">
        <DialogTitle className="sr-only">{t("styleDetail.loading")}</DialogTitle>
        <DialogDescription className="sr-only">{t("styleDetail.loading")}</DialogDescription>
        {detail.isError ? (
          <div role="alert" className="col-span-full flex flex-col items-start gap-3 py-6">
            <p className="font-semibold">{t("styleDetail.loadFailed")}</p>
            <Button variant="outline" onClick={() => void detail.refetch()}>
              {t("styleDetail.retry")}
            </Button>
          </div>
        ) : (
          <>
            <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
            <div className="flex flex-col gap-3">
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-4/5" />
            </div>
          </>
        )}
      </div>
    );
  }

  const name = styleName(style, lang);
  const choose = () => {
    if (action === "signUp") {
      void navigate("/auth?mode=signup");
      return;
    }
    selectStyle({
      id: style.id,
      name,
      imageUrl: style.preview?.card ?? null,
      isPremium: style.isPremium,
    });
    toast.success(t("styleDetail.selected", { style: name }));
    void navigate("/generator");
  };

  return (
    <div className="grid gap-5 p-5 pt-14 sm:p-6 sm:pt-14 md:grid-cols-[minmax(0,20rem)_1fr] md:gap-6 md:pt-6">
      <div className="flex flex-col gap-3">
        {pair ? (
          <ComparisonSlider
            key={pair.id}
            before={pair.before}
            after={pair.after}
            beforeAlt={`${t("styleDetail.before")}: ${name}`}
            afterAlt={`${t("styleDetail.after")}: ${name}`}
            className="mx-auto max-w-[17rem] md:max-w-none"
          />
        ) : detail.isPending ? (
          <Skeleton className="mx-auto aspect-[4/5] w-full max-w-[17rem] rounded-2xl md:max-w-none" />
        ) : (
          <div className="mx-auto w-full max-w-[17rem] overflow-hidden rounded-2xl md:max-w-none">
            <StyleImage
              image={style.preview}
              alt={name}
              category={style.category}
              sizes={PREVIEW_SIZES.dialog}
              placeholderLabel={t("styleDetail.noPreview")}
            />
          </div>
        )}
        {pairs.length > 1 ? (
          <CarouselNav
            ids={pairs.map((item) => item.id)}
            index={pairIndex}
            onIndex={setPairIndex}
            previousLabel={t("styleDetail.previousPair")}
            nextLabel={t("styleDetail.nextPair")}
            dotLabel={(n) => t("styleDetail.showPair", { index: n })}
            compact
          />
        ) : null}
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{t(`catalogue.groups.${style.category}`)}</Badge>
            {style.isPremium ? (
              <Badge variant="premium">
                <Crown aria-hidden />
                {t("catalogue.premium")}
              </Badge>
            ) : null}
          </div>
          <DialogTitle className="text-2xl font-extrabold tracking-tight">{name}</DialogTitle>
          <DialogDescription className="text-base leading-relaxed">
            {styleDescription(style, lang)}
          </DialogDescription>
        </DialogHeader>

        <div>
          <h3 className="mb-2 text-sm font-bold text-foreground">
            {t("styleDetail.featuresTitle")}
          </h3>
          <ul className="flex flex-col gap-2 text-sm text-muted-foreground">
            {[
              t("styleDetail.featureFace"),
              t("styleDetail.featureTime", { time }),
              t("styleDetail.featureResolution"),
              ...(summary.data
                ? [t("styleDetail.featureCredits", { count: summary.data.avatarCredits })]
                : []),
            ].map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>

        {style.isPremium ? (
          <p className="flex items-start gap-2 rounded-xl bg-accent-soft p-3 text-sm font-medium text-accent-soft-foreground">
            <Crown aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("styleDetail.premiumNotice")}
          </p>
        ) : null}

        {action === "signUp" && summary.data ? (
          <p className="text-sm text-muted-foreground">
            {t("styleDetail.trialUsedNote", { count: summary.data.signupBonusCredits })}
          </p>
        ) : null}

        <DialogFooter className="sticky bottom-0 -mx-5 mt-auto border-t bg-card px-5 py-3 sm:-mx-6 sm:px-6 md:static md:mx-0 md:border-0 md:p-0">
          <Button size="lg" className="w-full" onClick={choose}>
            <Sparkles aria-hidden />
            {action === "get"
              ? t("styleDetail.getStyle")
              : action === "try"
                ? t("styleDetail.tryFree")
                : t("styleDetail.signUpNow")}
          </Button>
        </DialogFooter>
      </div>
    </div>
  );
}
