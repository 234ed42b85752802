import type { Generation } from "@rupa/shared";
import { CircleAlert, CircleCheck, Hourglass, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";
import { failureKey } from "../lib/error-keys";
import { secondsLeft } from "../lib/follow-state";

/** The time now, refreshed every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The generation's details while it runs, and its outcome when it fails. */
export function GenerationDialog({
  open,
  onOpenChange,
  generation,
  styleName,
  member,
  reconnecting,
  onRetry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  generation: Generation | null;
  styleName: string;
  member: boolean;
  reconnecting: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const status = generation?.status ?? "queued";
  const running = status === "queued" || status === "processing";
  const now = useNow(open && status === "processing");

  let body;
  if (status === "failed") {
    body = (
      <div role="alert" className="flex flex-col gap-2 rounded-xl bg-destructive/10 p-4 text-sm">
        <p className="font-semibold text-destructive">{t(failureKey(generation?.error?.code))}</p>
        <p>
          {member ? t("generator.failure.refundedCredit") : t("generator.failure.refundedTrial")}
        </p>
      </div>
    );
  } else if (status === "succeeded") {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
        <CircleCheck aria-hidden className="size-5" />
        {member ? t("generator.progress.doneMember") : t("generator.progress.done")}
      </p>
    );
  } else {
    const processing = status === "processing" && generation;
    body = (
      <div className="flex flex-col gap-3">
        <Progress
          value={processing ? Math.max(generation.progress, 3) : undefined}
          aria-label={t("generator.progress.label")}
          className="h-3"
        />
        <div role="status" aria-live="polite" className="flex flex-col gap-1 text-sm">
          <p className="font-semibold">
            {generation?.redoing
              ? t("likeness.redoing")
              : processing
                ? t("generator.progress.processing", { percent: generation.progress })
                : generation?.position
                  ? t("generator.progress.queued", { position: generation.position })
                  : t("generator.progress.queuedSoon")}
          </p>
          <p className="text-muted-foreground">
            {processing
              ? t("generator.progress.estimate", { seconds: secondsLeft(generation, now) })
              : t("generator.progress.waiting")}
          </p>
          {reconnecting ? (
            <p className="text-muted-foreground">{t("generator.progress.reconnecting")}</p>
          ) : null}
        </div>
      </div>
    );
  }

  const Icon = status === "failed" ? CircleAlert : status === "queued" ? Hourglass : Sparkles;

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md gap-5"
      closeLabel={t("generator.progress.hide")}
      title={
        <>
          <Icon aria-hidden className="size-6 text-primary" />
          {status === "failed"
            ? t("generator.progress.failedTitle")
            : t("generator.progress.title")}
        </>
      }
      classNames={{ title: "flex items-center gap-2 text-xl" }}
      description={t("generator.progress.style", { style: styleName })}
      footer={
        status === "failed" ? (
          <Button size="lg" onClick={onRetry}>
            {t("generator.progress.tryAgain")}
          </Button>
        ) : member && running ? (
          <>
            <Button size="lg" variant="outline" onClick={() => onOpenChange(false)}>
              {t("generator.progress.hide")}
            </Button>
            <Button asChild size="lg">
              <PageLink href="/gallery">{t("generator.progress.openGallery")}</PageLink>
            </Button>
          </>
        ) : (
          <Button size="lg" variant="outline" onClick={() => onOpenChange(false)}>
            {t("generator.progress.hide")}
          </Button>
        )
      }
    >
      {body}
      {running ? (
        <p className="rounded-xl bg-muted/60 p-3 text-sm text-muted-foreground">
          {member ? t("generator.progress.leave") : t("generator.progress.leaveGuest")}
        </p>
      ) : null}
    </TitledDialog>
  );
}
