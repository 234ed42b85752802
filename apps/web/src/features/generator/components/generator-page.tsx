import type { Generation } from "@rupa/shared";
import { Coins, LoaderCircle, Package, Sparkles, Wand2 } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { guestTrialQueryOptions, refreshGuestTrial, useGuestTrial } from "@/lib/guest-trial";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { clearSelectedStyle, getSelectedStyle, type StoredStyle } from "@/lib/selected-style";
import { toast } from "@/lib/toast";
import { fetchHealth, startGeneration, useCatalogueSummary, useStyle } from "../api/generations";
import { useFollowGeneration } from "../hooks/use-follow-generation";
import { usePhoto } from "../hooks/use-photo";
import { actionForCode, type ErrorAction } from "../lib/error-keys";
import { CustomFigureDialog } from "./custom-figure-dialog";
import { GenderPicker, type Gender } from "./gender-picker";
import { GenerationDialog } from "./generation-dialog";
import { OutOfCreditsDialog } from "./out-of-credits-dialog";
import { PhotoPicker } from "./photo-picker";
import { SignUpDialog, type SignUpReason } from "./sign-up-dialog";
import { StyleCard } from "./style-card";

export type GeneratorAccount =
  | { status: "loading" | "visitor"; credits: null }
  | { status: "user"; credits: number };

type Props = {
  account: GeneratorAccount;
  /** Re-reads the account (the balance after a generation or a refund). */
  refreshAccount: () => Promise<void>;
  onIntent?: (href: string) => void;
};

type Modal = { kind: "signUp"; reason: SignUpReason } | { kind: "outOfCredits" } | null;

/** Categories whose prompts depend on the person's gender (and hijab). */
const GENDERED = new Set(["hijab_style", "profesi_collectibles"]);

const ensureGuestSession = async () => {
  await queryClient.ensureQueryData(guestTrialQueryOptions);
};
const noSession = (): Promise<void> => Promise.resolve();
const renewGuestSession = async () => {
  await queryClient.fetchQuery({ ...guestTrialQueryOptions, staleTime: 0 });
};

/** /generator: the chosen style, a photo, optional gender, Generate and the job's progress. */
export function GeneratorPage({ account, refreshAccount, onIntent }: Props) {
  const { t, lang, has } = useI18n();
  const navigate = useNavigate();
  const [stored] = useState<StoredStyle | null>(() => getSelectedStyle());
  const style = useStyle(stored?.id ?? null);
  const member = account.status === "user";
  const visitor = account.status === "visitor";
  const trial = useGuestTrial(visitor);
  const summary = useCatalogueSummary(visitor);

  const sessionReady = member ? noSession : ensureGuestSession;
  const photo = usePhoto(sessionReady, renewGuestSession);
  const [gender, setGender] = useState<Gender | null>(null);
  const [busy, setBusy] = useState<"idle" | "checking" | "starting">("idle");
  const [notice, setNotice] = useState<string | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const [progressOpen, setProgressOpen] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const hintId = useId();

  // Without a valid stored style there is nothing to generate: back to the catalogue (spec §2).
  useEffect(() => {
    if (!stored) void navigate("/", { replace: true });
  }, [stored, navigate]);
  useEffect(() => {
    if (isApiError(style.error) && style.error.status === 404) {
      clearSelectedStyle();
      toast.error(t("generator.errors.styleGone"));
      void navigate("/", { replace: true });
    }
  }, [style.error, navigate, t]);

  const category = style.data?.category;
  // Action-figure styles offer the custom figure (own title, accessories…) to members.
  const offersCustomFigure = member && category === "profesi_collectibles";
  const gendered = !!category && GENDERED.has(category);
  const chosenGender = gender ?? (category === "hijab_style" ? "female_hijab" : null);

  const onFinished = useCallback(
    (generation: Generation) => {
      void refreshAccount();
      if (generation.status === "succeeded") {
        if (member) {
          toast.success(t("generator.success"));
          void navigate("/gallery");
          return;
        }
        void refreshGuestTrial();
        setProgressOpen(false);
        setModal({ kind: "signUp", reason: "result" });
      } else {
        setProgressOpen(true);
        if (!member) void refreshGuestTrial();
      }
    },
    [member, navigate, refreshAccount, t],
  );
  const follow = useFollowGeneration(onFinished);
  const generation = follow.state.generation;
  const running = generation?.status === "queued" || generation?.status === "processing";
  const guestResult = !member && generation?.status === "succeeded" ? generation.result : null;

  const uploading = photo.state.phase === "uploading";
  const ready = photo.state.phase === "ready" && !!photo.state.upload;
  const styleName =
    (style.data ? (lang === "id" ? style.data.nameId : style.data.name) : null) ??
    stored?.name ??
    "";
  const styleImage = style.data?.preview?.card ?? stored?.imageUrl ?? null;

  const apply = (action: ErrorAction, error: unknown) => {
    switch (action.kind) {
      case "outOfCredits":
        setModal({ kind: "outOfCredits" });
        return;
      case "signUp":
        setModal({ kind: "signUp", reason: action.reason });
        void refreshGuestTrial();
        return;
      case "styleGone":
        clearSelectedStyle();
        toast.error(t("generator.errors.styleGone"));
        void navigate("/", { replace: true });
        return;
      case "message":
        setNotice(t(action.key));
        if (isApiError(error) && error.code === "not_found") photo.remove();
        return;
      case "generic":
        setNotice(`${t("generator.errors.startFailed")} ${errorMessage(error, { t, has })}`);
    }
  };

  const generate = async () => {
    setNotice(null);
    if (busy !== "idle" || uploading || running) return;
    if (!stored || !ready || !photo.state.upload) {
      setNotice(t("generator.generate.missing"));
      return;
    }
    if (member && account.credits <= 0) {
      setModal({ kind: "outOfCredits" });
      return;
    }
    if (visitor && trial.data && !trial.data.canGenerate) {
      setModal({ kind: "signUp", reason: "trialUsed" });
      return;
    }
    setBusy("checking");
    try {
      const health = await fetchHealth();
      if (!health.ok) {
        const reason = !health.queue.ok
          ? t("generator.health.queue")
          : t("generator.health.provider", { provider: health.provider.name });
        setNotice(t("generator.health.failed", { reason }));
        return;
      }
      setBusy("starting");
      const started = await startGeneration({
        uploadId: photo.state.upload.id,
        styleId: stored.id,
        aspectRatio: photo.aspectRatio,
        ...(chosenGender ? { gender: chosenGender } : {}),
      });
      follow.start(started);
      setProgressOpen(true);
      void refreshAccount();
    } catch (error) {
      if (isApiError(error) && error.code === "insufficient_credits" && member)
        void refreshAccount();
      apply(isApiError(error) ? actionForCode(error.code, member) : { kind: "generic" }, error);
    } finally {
      setBusy("idle");
    }
  };

  const retry = () => {
    const code = generation?.error?.code;
    follow.reset();
    setProgressOpen(false);
    if (code === "photo_expired") photo.remove();
  };

  const photoError =
    photo.state.phase === "failed" && photo.state.errorCode
      ? (() => {
          const action = actionForCode(photo.state.errorCode, member);
          if (action.kind === "message") return t(action.key);
          if (action.kind === "signUp") return t("errors.codes.guest_ip_limit");
          return t("generator.errors.uploadFailed");
        })()
      : null;

  if (!stored) return null;

  const hint = uploading
    ? t("generator.photo.uploading")
    : !ready
      ? t("generator.generate.missing")
      : null;

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
            {...(onIntent ? { onIntent } : {})}
          />
        </div>

        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PhotoPicker
            photo={photo.state}
            canRotate={photo.canRotate}
            disabled={running || busy !== "idle"}
            error={photoError}
            onChoose={(file) => {
              setNotice(null);
              photo.choose(file);
            }}
            onRotate={photo.rotate}
            onRemove={photo.remove}
          />
        </div>

        <section
          aria-label={t("generator.generate.section")}
          className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 shadow-soft sm:p-5 lg:col-start-2 lg:row-start-2"
        >
          <GenderPicker
            value={chosenGender}
            optional={!gendered}
            disabled={running || busy !== "idle"}
            onChange={setGender}
          />

          <div className="flex flex-col gap-3">
            <Button
              size="lg"
              className="min-h-14 w-full text-base"
              disabled={uploading || busy !== "idle" || running}
              aria-describedby={hint ? hintId : undefined}
              onClick={() => void generate()}
            >
              {busy !== "idle" || running ? (
                <Spinner className="size-5" />
              ) : (
                <Wand2 aria-hidden className="size-5" />
              )}
              {busy === "checking"
                ? t("generator.generate.checking")
                : busy === "starting"
                  ? t("generator.generate.starting")
                  : running
                    ? t("generator.generate.running")
                    : t("generator.generate.button")}
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
              <Coins aria-hidden className="size-4" />
              {member
                ? t("generator.generate.cost", { balance: account.credits })
                : t("generator.generate.costGuest")}
            </p>
            {hint && !notice ? (
              <p id={hintId} className="text-center text-sm font-medium text-muted-foreground">
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
                <Button
                  variant="outline"
                  disabled={uploading || busy !== "idle" || running}
                  onClick={() => setCustomOpen(true)}
                >
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

      {guestResult ? (
        <section
          aria-labelledby="guest-result"
          className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-soft sm:flex-row sm:items-center sm:p-6"
        >
          <img
            src={guestResult.imageUrl}
            alt={t("generator.result.alt", { style: styleName })}
            className="w-full max-w-xs self-center rounded-xl border sm:w-56"
          />
          <div className="flex flex-col gap-3">
            <h2 id="guest-result" className="flex items-center gap-2 text-lg font-bold">
              <Sparkles aria-hidden className="size-5 text-primary" />
              {t("generator.result.heading")}
            </h2>
            {guestResult.hasWatermark ? (
              <p className="w-fit rounded-full bg-muted px-3 py-1 text-xs font-semibold">
                {t("generator.result.watermark")}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">{t("generator.result.body")}</p>
            <Button asChild size="lg" className="w-full sm:w-fit">
              <Link to="/auth?mode=signup">{t("generator.signUp.cta")}</Link>
            </Button>
          </div>
        </section>
      ) : null}

      <GenerationDialog
        open={progressOpen && !!generation}
        onOpenChange={(open) => {
          setProgressOpen(open);
          if (!open && generation?.status === "failed") retry();
        }}
        generation={generation}
        styleName={styleName}
        member={member}
        reconnecting={follow.state.pollFailures >= 2}
        onRetry={retry}
      />
      {offersCustomFigure ? (
        <CustomFigureDialog
          open={customOpen}
          onOpenChange={setCustomOpen}
          uploadId={ready && photo.state.upload ? photo.state.upload.id : null}
          onStarted={(started) => {
            setCustomOpen(false);
            follow.start(started);
            setProgressOpen(true);
            void refreshAccount();
          }}
          onRefused={(error) => {
            if (!isApiError(error)) return false;
            const action = actionForCode(error.code, member);
            if (action.kind !== "outOfCredits") return false;
            void refreshAccount();
            setCustomOpen(false);
            setModal({ kind: "outOfCredits" });
            return true;
          }}
        />
      ) : null}
      <SignUpDialog
        open={modal?.kind === "signUp"}
        onOpenChange={(open) => !open && setModal(null)}
        reason={modal?.kind === "signUp" ? modal.reason : "result"}
        imageUrl={
          modal?.kind === "signUp" && modal.reason === "result"
            ? (guestResult?.imageUrl ?? null)
            : null
        }
        bonusCredits={summary.data?.signupBonusCredits ?? null}
      />
      <OutOfCreditsDialog
        open={modal?.kind === "outOfCredits"}
        onOpenChange={(open) => !open && setModal(null)}
      />
    </div>
  );
}
