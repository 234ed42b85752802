import type { KanvasRun } from "@rupa/shared";
import { kanvasImageMax } from "@rupa/shared/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { useCatalogueSummary } from "@/lib/styles-api";
import { toast } from "@/lib/toast";
import { cancelKanvasRun, startKanvas, useKanvasRuns } from "../api/kanvas";
import { actionForError, type Issue } from "../lib/error-keys";
import {
  loadSettings,
  runPrice,
  saveSettings,
  settingsFromRun,
  validateForm,
  type KanvasSettings,
} from "../lib/kanvas-form";
import { isRunActive, refundedPictures } from "../lib/run-state";
import { useFollowRun } from "./use-follow-run";
import { useReferenceImages } from "./use-reference-images";

export type KanvasAccount =
  | { status: "loading" | "visitor"; credits: null }
  | { status: "user"; credits: number };

export type KanvasOptions = {
  account: KanvasAccount;
  /** Re-reads the account (the balance after a run or a refund). */
  refreshAccount: () => Promise<void>;
};

type Modal = "signUp" | "outOfCredits" | null;

/** A run this recent is shown again on arrival even when it has ended. */
const RECENT_RUN_MS = 5 * 60_000;

/** The run this tab shows, kept for a reload of the same tab (sessionStorage). */
const SHOWN_RUN_KEY = "rupa.kanvas.shownRun";
function readShownRun(): string | null {
  try {
    return sessionStorage.getItem(SHOWN_RUN_KEY);
  } catch {
    return null;
  }
}
function rememberShownRun(id: string) {
  try {
    sessionStorage.setItem(SHOWN_RUN_KEY, id);
  } catch {
    // Storage refused (private mode): a reload then shows only a run still being made.
  }
}

/** The Kanvas page's state: the form (kept in localStorage), the run it follows, the history. */
export function useKanvas({ account, refreshAccount }: KanvasOptions) {
  const i18n = useI18n();
  const { t } = i18n;
  const member = account.status === "user";
  const [settings, setSettings] = useState<KanvasSettings>(() => loadSettings());
  const max = kanvasImageMax(settings.mode);
  const refs = useReferenceImages(max);
  const summary = useCatalogueSummary();
  const price = summary.data?.kanvasCreditsPerImage ?? null;
  const history = useKanvasRuns(member);
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<"idle" | "starting" | "cancelling">("idle");
  const [modal, setModal] = useState<Modal>(null);

  useEffect(() => saveSettings(settings), [settings]);

  const onFinished = useCallback(
    (run: KanvasRun) => {
      void refreshAccount();
      const refunded = refundedPictures(run);
      if (run.status === "cancelled") toast.info(t("kanvas.run.cancelled", { n: refunded }));
      else if (refunded > 0) toast.warning(t("kanvas.run.someFailed", { n: refunded }));
      else toast.success(t("kanvas.run.done"));
    },
    [refreshAccount, t],
  );
  const follow = useFollowRun(onFinished);
  const run = follow.run;
  const running = isRunActive(run);

  // After a reload: follow the newest run that is still being made, or show again the run this
  // tab was showing, or a run started in the last minutes (it may have ended while the page
  // reloaded, even before this tab noted it): nothing is lost.
  const reattached = useRef(false);
  const { follow: followRun } = follow;
  useEffect(() => {
    if (reattached.current || !history.data) return;
    reattached.current = true;
    const shown = readShownRun();
    const newest = history.data[0];
    const recent =
      newest && Date.now() - Date.parse(newest.createdAt) < RECENT_RUN_MS ? newest : undefined;
    const again =
      history.data.find(isRunActive) ??
      history.data.find((r) => shown !== null && r.id === shown) ??
      recent;
    if (again) followRun(again);
  }, [history.data, followRun]);
  const shownId = run?.id ?? null;
  useEffect(() => {
    if (shownId) rememberShownRun(shownId);
  }, [shownId]);

  const ready = refs.images.filter((image) => image.phase === "ready");
  const uploading = refs.images.filter((image) => image.phase === "uploading").length;
  const problems = validateForm(settings, { ready: ready.length, uploading });
  const shown: Issue[] = tried ? [...problems, ...serverIssues] : serverIssues;
  const issueFor = (field: Issue["field"]) => shown.find((issue) => issue.field === field) ?? null;
  const total = price === null ? null : runPrice(settings.count, price);

  const change = (next: Partial<KanvasSettings>) => {
    setSettings((current) => ({ ...current, ...next }));
    setServerIssues([]);
    setNotice(null);
  };

  const reuse = (past: KanvasRun) => {
    setSettings(settingsFromRun(past));
    setServerIssues([]);
    setNotice(null);
    setTried(false);
  };

  const generate = async () => {
    setNotice(null);
    setServerIssues([]);
    if (busy !== "idle" || running) return;
    if (account.status === "visitor") {
      setModal("signUp");
      return;
    }
    if (account.status !== "user") return;
    setTried(true);
    if (problems.length) return;
    if (total !== null && account.credits < total) {
      setModal("outOfCredits");
      return;
    }
    setBusy("starting");
    try {
      const negativePrompt = settings.negativePrompt.trim();
      const started = await startKanvas({
        mode: settings.mode,
        prompt: settings.prompt.trim(),
        ...(negativePrompt ? { negativePrompt } : {}),
        aspectRatio: settings.aspectRatio,
        count: settings.count,
        imageIds: ready.flatMap((image) => (image.upload ? [image.upload.id] : [])),
        ...(settings.seed !== null ? { seed: settings.seed } : {}),
      });
      setTried(false);
      follow.follow(started);
      void refreshAccount();
      void history.refetch();
    } catch (error) {
      if (!isApiError(error)) {
        setNotice(t("errors.generic"));
        return;
      }
      const action = actionForError(error);
      switch (action.kind) {
        case "outOfCredits":
          void refreshAccount();
          setModal("outOfCredits");
          return;
        case "signUp":
          setModal("signUp");
          return;
        case "issues":
          setServerIssues(action.issues);
          return;
        case "message":
          if (error.code === "not_found") refs.removeAll();
          setNotice(t(action.key));
          return;
        case "generic":
          setNotice(`${t("kanvas.errors.startFailed")} ${errorMessage(error, i18n)}`);
      }
    } finally {
      setBusy("idle");
    }
  };

  const cancel = async () => {
    if (!run || !running || busy !== "idle") return;
    setBusy("cancelling");
    try {
      follow.update(await cancelKanvasRun(run.id));
    } catch (error) {
      toast.error(errorMessage(error, i18n));
    } finally {
      setBusy("idle");
    }
  };

  // The history shows the followed run as it is now, before the list is read again.
  const historyRuns =
    history.data && run
      ? history.data.some((r) => r.id === run.id)
        ? history.data.map((r) => (r.id === run.id ? run : r))
        : [run, ...history.data]
      : history.data;

  return {
    member,
    historyRuns,
    settings,
    change,
    reuse,
    max,
    refs,
    price,
    total,
    history,
    run,
    running,
    reconnecting: follow.reconnecting,
    busy,
    notice,
    issueFor,
    modal,
    setModal,
    bonusCredits: summary.data?.signupBonusCredits ?? null,
    generate,
    cancel,
  };
}
