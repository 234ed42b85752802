import { LikenessGuarantee } from "@/components/likeness-note";
import type { GalleryItem } from "@rupa/shared";
import { PAS_FOTO_CATEGORY } from "@rupa/shared/constants";
import { Coins, LoaderCircle, Package, Wand2 } from "lucide-react";
import { useId, useState } from "react";
import { PageLink } from "@/lib/page-navigation";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useCatalogueSummary } from "@/lib/styles-api";
import { useChosenStyle } from "../hooks/use-chosen-style";
import { useGenerate, type GeneratorOptions } from "../hooks/use-generate";
import { useGeneratorDialogs } from "../hooks/use-generator-dialogs";
import { useGeneratorPhoto } from "../hooks/use-generator-photo";
import { useExtraStyles } from "../hooks/use-extra-styles";
import { BackgroundPicker } from "@/components/background-picker";
import { ExtraStyles } from "./extra-styles";
import { GenderPicker } from "./gender-picker";
import { ResultCard } from "./result-card";
import { InstallPrompt, OutOfCreditsDialog, SignUpDialog } from "@/components/lazy-parts";
import { lazyShown } from "@/components/lazy-shown";
import { PhotoPicker } from "./photo-picker";
import { StyleCard } from "./style-card";
import { WatermarkNotice } from "./watermark-notice";

// What shows only once something is made loads then: a set's results, a member's pas foto.
const BatchResults = lazyShown(
  async () => (await import("./batch-results")).BatchResults,
  () => true,
);
const MemberResult = lazyShown(
  async () => (await import("./member-result")).MemberResult,
  () => true,
);
const CustomFigureDialog = lazyShown(
  async () => (await import("./custom-figure-dialog")).CustomFigureDialog,
);
const GenerationDialog = lazyShown(
  async () => (await import("./generation-dialog")).GenerationDialog,
);

export type { GeneratorAccount } from "../hooks/use-generate";

/**
 * /generator: the chosen style, a photo, optional gender, Generate and the job's progress,
 * composed from the hooks of each part (the style and its choices, the photo, the dialogs, and
 * generating).
 */
export function GeneratorPage({ account, refreshAccount }: GeneratorOptions) {
  const { t } = useI18n();
  const hintId = useId();
  const member = account.status === "user";
  const chosen = useChosenStyle(member);
  const { stored, style, styleName, styleImage, gendered, offersCustomFigure } = chosen;
  const { chosenGender, setGender, chosenBackground, setBackground } = chosen;
  const shot = useGeneratorPhoto(member, account.status === "visitor");
  const extra = useExtraStyles(stored?.id ?? null);
  const { photo, photoError, check, refusal, hint, ready } = shot;
  const dialogs = useGeneratorDialogs();
  const { modal, setModal, progressOpen, setProgressOpen, customOpen, setCustomOpen } = dialogs;
  const job = useGenerate({ account, refreshAccount, chosen, photo: shot, dialogs, extras: extra });
  const { busy, notice, generation, running, guestResult, memberResult, reconnecting } = job;
  const { batch, batchRunning, onBatchFinished, offersSet, setSize } = job;
  const { blocked, choosePhoto, generate, retry, onCustomStarted, onCustomRefused } = job;
  const summary = useCatalogueSummary(account.status === "visitor");
  // A pas foto that will carry the watermark is said so just before Generate (ADR 036).
  const watermarkAhead =
    style.data?.category === PAS_FOTO_CATEGORY &&
    (account.status === "visitor" || (account.status === "user" && account.watermarkedOnly));
  // The member's result once its watermark is removed here (new addresses, no watermark).
  const [cleaned, setCleaned] = useState<GalleryItem | null>(null);
  const shownResult = memberResult && cleaned?.id === memberResult.id ? cleaned : memberResult;

  if (!stored) return null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("pages.generator.title")}>
        <p className="max-w-2xl text-muted-foreground">{t("generator.lead")}</p>
      </PageHeader>

      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <StyleCard
            name={styleName}
            imageUrl={styleImage}
            isPremium={style.data?.isPremium ?? stored.isPremium}
          />
        </div>

        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PhotoPicker
            photo={photo.state}
            canRotate={photo.canRotate}
            check={check}
            disabled={running || batchRunning || busy !== "idle"}
            error={photoError}
            onChoose={choosePhoto}
            onRotate={photo.rotate}
            onRemove={photo.remove}
            onRetry={photo.retry}
            kept={shot.kept}
            onUseKept={() => {
              if (shot.kept) photo.keep(shot.kept.upload);
            }}
          />
        </div>

        <section
          aria-label={t("generator.generate.section")}
          className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 shadow-soft sm:p-5 lg:col-start-2 lg:row-start-2"
        >
          {chosenBackground ? (
            <BackgroundPicker
              value={chosenBackground}
              disabled={running || busy !== "idle"}
              onChange={setBackground}
            />
          ) : null}
          <GenderPicker
            value={chosenGender}
            optional={!gendered}
            disabled={running || batchRunning || busy !== "idle"}
            onChange={setGender}
          />
          {offersSet ? (
            <ExtraStyles
              chosenId={stored.id}
              extras={extra.extras}
              full={extra.full}
              disabled={running || batchRunning || busy !== "idle"}
              onToggle={extra.toggle}
            />
          ) : null}

          <div className="flex flex-col gap-3">
            {watermarkAhead ? <WatermarkNotice visitor={account.status === "visitor"} /> : null}
            <Button
              size="lg"
              className="min-h-14 w-full text-base"
              disabled={blocked}
              aria-describedby={hint ? hintId : undefined}
              onClick={() => void generate()}
            >
              {busy !== "idle" || running || batchRunning ? (
                <Spinner className="size-5" />
              ) : (
                <Wand2 aria-hidden className="size-5" />
              )}
              {busy === "checking"
                ? t("generator.generate.checking")
                : busy === "starting"
                  ? t("generator.generate.starting")
                  : running || batchRunning
                    ? t("generator.generate.running")
                    : setSize > 1
                      ? t("generator.batch.button", { count: setSize })
                      : t("generator.generate.button")}
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
              <Coins aria-hidden className="size-4" />
              {account.status !== "user"
                ? t("generator.generate.costGuest")
                : setSize > 1
                  ? t("generator.batch.cost", { count: setSize, balance: account.credits })
                  : t("generator.generate.cost", { balance: account.credits })}
            </p>
            {style.data?.likenessCheck ? (
              <LikenessGuarantee member={member} className="justify-center text-center" />
            ) : null}
            {hint && !notice ? (
              <p
                id={hintId}
                className={
                  refusal
                    ? "rounded-lg bg-destructive/10 px-3 py-2 text-center text-sm font-medium text-destructive"
                    : "text-center text-sm font-medium text-muted-foreground"
                }
              >
                {hint}
              </p>
            ) : null}
            {notice ? (
              <p
                id={hintId}
                role="alert"
                className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
              >
                {notice}
              </p>
            ) : null}
            {offersCustomFigure ? (
              <div className="flex flex-col gap-1 rounded-xl border border-dashed p-3">
                <Button variant="outline" disabled={blocked} onClick={() => setCustomOpen(true)}>
                  <Package aria-hidden className="size-4" />
                  {t("customFigure.open")}
                </Button>
                <p className="text-center text-xs text-muted-foreground">
                  {t("customFigure.openHint")}
                </p>
              </div>
            ) : null}
            {running && !progressOpen ? (
              <Button variant="secondary" onClick={() => setProgressOpen(true)}>
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
                {t("generator.progress.show")}
              </Button>
            ) : null}
          </div>
        </section>
      </div>

      {batch ? (
        <BatchResults
          generations={batch.generations}
          names={batch.names}
          onFinished={onBatchFinished}
        />
      ) : null}

      {guestResult ? (
        <ResultCard
          id="guest-result"
          picture={guestResult}
          alt={t("generator.result.alt", { style: styleName })}
          heading={t("generator.result.heading")}
          hasWatermark={guestResult.hasWatermark}
          likeness={guestResult.likeness}
          align="center"
        >
          <p className="text-sm text-muted-foreground">{t("generator.result.body")}</p>
          <Button asChild size="lg" className="w-full sm:w-fit">
            <PageLink href="/auth?mode=signup">{t("generator.signUp.cta")}</PageLink>
          </Button>
        </ResultCard>
      ) : null}

      {shownResult ? (
        <MemberResult
          picture={shownResult}
          alt={t("generator.result.alt", { style: styleName })}
          onRemoved={setCleaned}
        />
      ) : null}

      <InstallPrompt avatar={!!(guestResult ?? memberResult)} />

      <GenerationDialog
        open={progressOpen && !!generation}
        onOpenChange={(open) => {
          setProgressOpen(open);
          if (!open && generation?.status === "failed") retry();
        }}
        generation={generation}
        styleName={styleName}
        member={member}
        reconnecting={reconnecting}
        onRetry={retry}
      />
      {offersCustomFigure ? (
        <CustomFigureDialog
          open={customOpen}
          onOpenChange={setCustomOpen}
          uploadId={ready && photo.state.upload ? photo.state.upload.id : null}
          onStarted={onCustomStarted}
          onRefused={onCustomRefused}
        />
      ) : null}
      <SignUpDialog
        open={modal?.kind === "signUp"}
        onOpenChange={(open) => !open && setModal(null)}
        reason={modal?.kind === "signUp" ? modal.reason : "result"}
        picture={modal?.kind === "signUp" && modal.reason === "result" ? guestResult : null}
        bonusCredits={summary.data?.signupBonusCredits ?? null}
      />
      <OutOfCreditsDialog
        open={modal?.kind === "outOfCredits"}
        onOpenChange={(open) => !open && setModal(null)}
      />
    </div>
  );
}
