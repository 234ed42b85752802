import type { Generation } from "@rupa/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "@/lib/router";
import { isApiError } from "@/lib/api-client";
import { errorMessage, errorVars } from "@/lib/error-message";
import { refreshGuestTrial, useGuestTrial } from "@/lib/guest-trial";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { fetchHealth, useStartBatch, useStartGeneration } from "../api/generations";
import { actionForCode, type ErrorAction } from "../lib/error-keys";
import type { ChosenStyle } from "./use-chosen-style";
import type { ExtraStyles } from "./use-extra-styles";
import { useFollowGeneration } from "./use-follow-generation";
import type { GeneratorDialogs } from "./use-generator-dialogs";
import type { GeneratorPhoto } from "./use-generator-photo";

export type GeneratorAccount =
  | { status: "loading" | "visitor"; credits: null }
  /** `watermarkedOnly`: every credit held is a free one, so what it pays for is watermarked. */
  | { status: "user"; credits: number; watermarkedOnly: boolean };

export type GeneratorOptions = {
  account: GeneratorAccount;
  /** Re-reads the account (the balance after a generation or a refund). */
  refreshAccount: () => Promise<void>;
};

/**
 * Generating: the checks before spending (a photo the server accepts, credits or the free try,
 * the service's health), starting the job and following it to its end, what the page says when
 * something stops it (`notice`), and what a finished job opens (the gallery, the pas foto below,
 * or the sign-up dialog for a visitor). Composed by GeneratorPage with the chosen style, the
 * photo and the dialogs. With styles added to the chosen one (`extras`), one request starts the
 * whole set and `batch` lists its avatars, each followed on its own where they are shown.
 */
export function useGenerate({
  account,
  refreshAccount,
  chosen,
  photo: p,
  dialogs,
  extras,
}: GeneratorOptions & {
  chosen: ChosenStyle;
  photo: GeneratorPhoto;
  dialogs: GeneratorDialogs;
  extras: Pick<ExtraStyles, "extras">;
}) {
  const { t, has } = useI18n();
  const navigate = useNavigate();
  const member = account.status === "user";
  const visitor = account.status === "visitor";
  // A set (more styles from the same photo) is for members, and not for a pas foto's background
  // (a set carries none): what the page offers and what Generate sends, decided here once.
  const offersSet = member && !chosen.chosenBackground;
  const setExtras = offersSet ? extras.extras : [];
  const trial = useGuestTrial(visitor);
  const [busy, setBusy] = useState<"idle" | "checking" | "starting">("idle");
  const [notice, setNotice] = useState<string | null>(null);
  const { mutateAsync: startGeneration } = useStartGeneration();
  const { mutateAsync: startBatch } = useStartBatch();
  const [batch, setBatch] = useState<{
    generations: Generation[];
    /** Each style's name as the set was started. */
    names: Map<string, string>;
  } | null>(null);
  const [batchEnded, setBatchEnded] = useState<ReadonlySet<string>>(new Set());
  const { setModal, setProgressOpen, setCustomOpen } = dialogs;

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
    [member, navigate, refreshAccount, t, setModal, setProgressOpen],
  );
  const follow = useFollowGeneration(onFinished);
  const generation = follow.generation;
  const running = generation?.status === "queued" || generation?.status === "processing";
  const batchRunning = batch !== null && batchEnded.size < batch.generations.length;

  /** One avatar of the set ended: a failed one was refunded, so the balance is read again. */
  const onBatchFinished = useCallback(
    (ended: Generation) => {
      if (ended.status === "failed") void refreshAccount();
      setBatchEnded((done) => (done.has(ended.id) ? done : new Set(done).add(ended.id)));
    },
    [refreshAccount],
  );
  // The whole set has ended: said once per set (not again when the language changes).
  const batchOver = batch !== null && batchEnded.size === batch.generations.length;
  const overSaidFor = useRef<string | null>(null);
  const batchKey = batch?.generations[0]?.id ?? null;
  useEffect(() => {
    if (!batchOver || overSaidFor.current === batchKey) return;
    overSaidFor.current = batchKey;
    toast.success(t("generator.batch.allDone"));
  }, [batchOver, batchKey, t]);

  /** What a refused start does; `set`: the refusal was of a whole set, not the chosen style alone. */
  const apply = (action: ErrorAction, error: unknown, set = false) => {
    switch (action.kind) {
      case "outOfCredits":
        setModal({ kind: "outOfCredits" });
        return;
      case "signUp":
        setModal({ kind: "signUp", reason: action.reason });
        void refreshGuestTrial();
        return;
      case "styleGone":
        // In a set, the missing style may be an added one (recent styles can be stale): the
        // chosen style stays, and the member is told to take the added ones out.
        if (set) setNotice(t("generator.batch.styleGone"));
        else chosen.gone();
        return;
      case "message":
        setNotice(t(action.key, errorVars(error)));
        if (isApiError(error) && error.code === "not_found") p.photo.remove();
        return;
      case "generic":
        setNotice(`${t("generator.errors.startFailed")} ${errorMessage(error, { t, has })}`);
    }
  };

  const generate = async () => {
    setNotice(null);
    if (busy !== "idle" || p.uploading || running || batchRunning) return;
    const upload = p.photo.state.upload;
    if (!chosen.stored || !p.ready || !upload) {
      setNotice(t("generator.generate.missing"));
      return;
    }
    if (p.refusal) return;
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
      if (setExtras.length > 0) {
        const set = await startBatch({
          uploadId: upload.id,
          styleIds: [chosen.stored.id, ...setExtras.map((s) => s.id)],
          aspectRatio: p.photo.aspectRatio,
          ...(chosen.chosenGender ? { gender: chosen.chosenGender } : {}),
        });
        follow.reset();
        setBatchEnded(new Set());
        setBatch({
          generations: set,
          names: new Map(
            [{ id: chosen.stored.id, name: chosen.styleName }, ...setExtras].map((s) => [
              s.id,
              s.name,
            ]),
          ),
        });
        void refreshAccount();
        return;
      }
      const started = await startGeneration({
        uploadId: upload.id,
        styleId: chosen.stored.id,
        aspectRatio: p.photo.aspectRatio,
        ...(chosen.chosenGender ? { gender: chosen.chosenGender } : {}),
        ...(chosen.chosenBackground ? { variables: { background: chosen.chosenBackground } } : {}),
      });
      setBatch(null);
      follow.start(started);
      setProgressOpen(true);
      void refreshAccount();
    } catch (error) {
      if (isApiError(error) && error.code === "insufficient_credits" && member)
        void refreshAccount();
      apply(
        isApiError(error) ? actionForCode(error.code, member) : { kind: "generic" },
        error,
        setExtras.length > 0,
      );
    } finally {
      setBusy("idle");
    }
  };

  return {
    busy,
    notice,
    offersSet,
    /** How many avatars Generate starts: the chosen style and the added ones on offer. */
    setSize: 1 + setExtras.length,
    generation,
    running,
    reconnecting: follow.reconnecting,
    batch,
    onBatchFinished,
    guestResult: !member && generation?.status === "succeeded" ? generation.result : null,
    memberResult:
      member && generation?.status === "succeeded" && generation.result?.pasFoto
        ? generation.result
        : null,
    /** Generate (and the custom figure) cannot start now: busy, or a photo the server refuses. */
    blocked: p.uploading || busy !== "idle" || running || batchRunning || p.refusal !== null,
    batchRunning,
    generate,
    retry: () => {
      const code = generation?.error?.code;
      follow.reset();
      setProgressOpen(false);
      if (code === "photo_expired") p.photo.remove();
    },
    choosePhoto: (file: File) => {
      setNotice(null);
      // A used free try cannot upload any more (the server refuses it too).
      if (visitor && (trial.data?.generationCount ?? 0) >= 1) {
        setModal({ kind: "signUp", reason: "trialUsed" });
        return;
      }
      p.photo.choose(file);
    },
    onCustomStarted: (started: Generation) => {
      setCustomOpen(false);
      setBatch(null);
      follow.start(started);
      setProgressOpen(true);
      void refreshAccount();
    },
    onCustomRefused: (error: unknown) => {
      if (!isApiError(error)) return false;
      const action = actionForCode(error.code, member);
      if (action.kind !== "outOfCredits") return false;
      void refreshAccount();
      setCustomOpen(false);
      setModal({ kind: "outOfCredits" });
      return true;
    },
  };
}
