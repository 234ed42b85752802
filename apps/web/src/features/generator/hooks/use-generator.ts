import type { Generation } from "@rupa/shared";
import { defaultPasFotoBackground, type PasFotoBackground } from "@rupa/shared/constants";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "@/lib/api-client";
import { errorMessage, errorVars } from "@/lib/error-message";
import { guestTrialQueryOptions, refreshGuestTrial, useGuestTrial } from "@/lib/guest-trial";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { clearSelectedStyle, getSelectedStyle, type StoredStyle } from "@/lib/selected-style";
import { useCatalogueSummary, useStyleDetail } from "@/lib/styles-api";
import { toast } from "@/lib/toast";
import { fetchHealth, useStartGeneration } from "../api/generations";
import type { Gender } from "../components/gender-picker";
import type { SignUpReason } from "@/components/sign-up-dialog";
import { actionForCode, type ErrorAction } from "../lib/error-keys";
import { viewCheck } from "../lib/photo-check";
import { useFollowGeneration } from "./use-follow-generation";
import { usePhoto } from "./use-photo";

export type GeneratorAccount =
  | { status: "loading" | "visitor"; credits: null }
  | { status: "user"; credits: number };

export type GeneratorOptions = {
  account: GeneratorAccount;
  /** Re-reads the account (the balance after a generation or a refund). */
  refreshAccount: () => Promise<void>;
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

/**
 * The generator's state machine: the chosen style, the photo, gender, the checks before
 * spending, starting and following the job, and which dialog is open. GeneratorPage renders it.
 */
export function useGenerator({ account, refreshAccount }: GeneratorOptions) {
  const { t, lang, has } = useI18n();
  const navigate = useNavigate();
  const [stored] = useState<StoredStyle | null>(() => getSelectedStyle());
  const style = useStyleDetail(stored?.id ?? null);
  const member = account.status === "user";
  const visitor = account.status === "visitor";
  const trial = useGuestTrial(visitor);
  const summary = useCatalogueSummary(visitor);

  const sessionReady = member ? noSession : ensureGuestSession;
  const photo = usePhoto(sessionReady, renewGuestSession);
  const [gender, setGender] = useState<Gender | null>(null);
  const [background, setBackground] = useState<PasFotoBackground | null>(null);
  const [busy, setBusy] = useState<"idle" | "checking" | "starting">("idle");
  const [notice, setNotice] = useState<string | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const [progressOpen, setProgressOpen] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const { mutateAsync: startGeneration } = useStartGeneration();

  // Without a valid stored style there is nothing to generate: back to the catalogue
  // (docs/product/generator.md).
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
  // Formal CV/CPNS styles make a pas foto on a plain background the person chooses.
  const backgroundDefault = defaultPasFotoBackground(style.data);
  const chosenBackground = backgroundDefault ? (background ?? backgroundDefault) : null;

  const onFinished = useCallback(
    (generation: Generation) => {
      void refreshAccount();
      if (generation.status === "succeeded") {
        if (member) {
          // A pas foto stays here to be downloaded at once; other avatars open the gallery.
          if (generation.result?.pasFoto) {
            toast.success(t("generator.successPasFoto"));
            setProgressOpen(false);
          } else {
            toast.success(t("generator.success"));
            void navigate("/gallery");
          }
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
  const generation = follow.generation;
  const running = generation?.status === "queued" || generation?.status === "processing";
  const guestResult = !member && generation?.status === "succeeded" ? generation.result : null;
  const memberResult =
    member && generation?.status === "succeeded" && generation.result?.pasFoto
      ? generation.result
      : null;

  const uploading = photo.state.phase === "uploading";
  const ready = photo.state.phase === "ready" && !!photo.state.upload;
  const check = ready ? viewCheck(photo.state.upload?.check) : null;
  // No face or several: the server would refuse, so Generate stays closed and says why.
  const refusal = check?.verdict === "refuse" ? t(check.reason) : null;
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
        setNotice(t(action.key, errorVars(error)));
        if (isApiError(error) && error.code === "not_found") photo.remove();
        return;
      case "generic":
        setNotice(`${t("generator.errors.startFailed")} ${errorMessage(error, { t, has })}`);
    }
  };

  /** Generate (and the custom figure) cannot start now: busy, or a photo the server refuses. */
  const blocked = uploading || busy !== "idle" || running || refusal !== null;

  const generate = async () => {
    setNotice(null);
    if (busy !== "idle" || uploading || running) return;
    if (!stored || !ready || !photo.state.upload) {
      setNotice(t("generator.generate.missing"));
      return;
    }
    if (refusal) return;
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
        // Only an admin is told which part failed (the queue, or which provider).
        const reason =
          health.queue && !health.queue.ok
            ? t("generator.health.queue")
            : health.provider
              ? t("generator.health.provider", { provider: health.provider.name })
              : t("generator.health.unavailable");
        setNotice(t("generator.health.failed", { reason }));
        return;
      }
      setBusy("starting");
      const started = await startGeneration({
        uploadId: photo.state.upload.id,
        styleId: stored.id,
        aspectRatio: photo.aspectRatio,
        ...(chosenGender ? { gender: chosenGender } : {}),
        ...(chosenBackground ? { variables: { background: chosenBackground } } : {}),
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
          if (action.kind === "signUp")
            return t(
              action.reason === "trialUsed"
                ? "errors.codes.guest_trial_used"
                : "errors.codes.guest_ip_limit",
            );
          return t("generator.errors.uploadFailed");
        })()
      : null;

  const hint = uploading
    ? t("generator.photo.uploading")
    : !ready
      ? t("generator.generate.missing")
      : refusal;

  const choosePhoto = (file: File) => {
    setNotice(null);
    // A used free try cannot upload any more (the server refuses it too).
    if (visitor && (trial.data?.generationCount ?? 0) >= 1) {
      setModal({ kind: "signUp", reason: "trialUsed" });
      return;
    }
    photo.choose(file);
  };

  const onCustomStarted = (started: Generation) => {
    setCustomOpen(false);
    follow.start(started);
    setProgressOpen(true);
    void refreshAccount();
  };
  const onCustomRefused = (error: unknown) => {
    if (!isApiError(error)) return false;
    const action = actionForCode(error.code, member);
    if (action.kind !== "outOfCredits") return false;
    void refreshAccount();
    setCustomOpen(false);
    setModal({ kind: "outOfCredits" });
    return true;
  };

  return {
    stored,
    style,
    styleName,
    styleImage,
    member,
    summary,
    photo,
    photoError,
    chosenGender,
    setGender,
    chosenBackground,
    setBackground,
    check,
    refusal,
    blocked,
    gendered,
    offersCustomFigure,
    busy,
    notice,
    setNotice,
    hint,
    uploading,
    ready,
    generation,
    running,
    guestResult,
    memberResult,
    reconnecting: follow.reconnecting,
    modal,
    setModal,
    progressOpen,
    setProgressOpen,
    customOpen,
    setCustomOpen,
    choosePhoto,
    generate,
    retry,
    onCustomStarted,
    onCustomRefused,
  };
}
