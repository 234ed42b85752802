import { useEffect, useState } from "react";
import { guestTrialQueryOptions, useGuestTrial } from "@/lib/guest-trial";
import { queryKeys } from "@/lib/query-keys";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { actionForCode } from "../lib/error-keys";
import { viewCheck } from "../lib/photo-check";
import { guestLastUpload, rememberGuestUpload, useLatestUpload } from "../api/latest-upload";
import { usePhoto } from "./use-photo";

const ensureGuestSession = async () => {
  await queryClient.ensureQueryData(guestTrialQueryOptions);
};
const noSession = (): Promise<void> => Promise.resolve();
const renewGuestSession = async () => {
  await queryClient.fetchQuery({ ...guestTrialQueryOptions, staleTime: 0 });
};

/**
 * The generator's photo: its upload (a visitor's needs their guest session first), the server's
 * check of it, and what the page says about it: why Generate waits (`hint`), why the server
 * would refuse it (`refusal`: no face or several), or why the upload failed (`photoError`); and
 * the last photo the server still keeps (`kept`, with its check), offered while none is chosen,
 * to a member, or to a visitor whose free try is still unused, in the tab that uploaded it
 * (docs/product/generator.md).
 */
export function useGeneratorPhoto(member: boolean, visitor: boolean) {
  const { t } = useI18n();
  const photo = usePhoto(member ? noSession : ensureGuestSession, renewGuestSession);
  const uploading = photo.state.phase === "uploading";
  const ready = photo.state.phase === "ready" && !!photo.state.upload;
  const trial = useGuestTrial(visitor);
  // A visitor's last photo as this tab remembered it when the page opened.
  const [guestId] = useState(guestLastUpload);
  const latest = useLatestUpload(
    member,
    guestId,
    member || (visitor && trial.data?.canGenerate === true),
  );
  // A new upload is the last photo from now on (a visitor's, remembered by this tab).
  const uploadedId = ready ? photo.state.upload?.id : undefined;
  useEffect(() => {
    if (!uploadedId || uploadedId === latest.data?.id) return;
    if (visitor) rememberGuestUpload(uploadedId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.latestUpload.all });
  }, [uploadedId, latest.data?.id, visitor]);
  const keptUpload = photo.state.phase === "empty" ? (latest.data ?? null) : null;
  const check = ready ? viewCheck(photo.state.upload?.check) : null;
  const refusal = check?.verdict === "refuse" ? t(check.reason) : null;

  const errorCode = photo.state.phase === "failed" ? photo.state.errorCode : null;
  let photoError: string | null = null;
  if (errorCode) {
    const action = actionForCode(errorCode, member);
    photoError =
      action.kind === "message"
        ? t(action.key)
        : action.kind === "signUp"
          ? t(
              action.reason === "trialUsed"
                ? "errors.codes.guest_trial_used"
                : "errors.codes.guest_ip_limit",
            )
          : t("generator.errors.uploadFailed");
  }

  // While the photo is still being shrunk in the browser nothing is being sent yet.
  const hint = uploading
    ? photo.state.stage === "preparing"
      ? t("generator.photo.preparing")
      : t("generator.photo.uploading")
    : !ready
      ? t("generator.generate.missing")
      : refusal;

  const kept = keptUpload ? { upload: keptUpload, check: viewCheck(keptUpload.check) } : null;

  return { photo, uploading, ready, check, refusal, photoError, hint, kept };
}
export type GeneratorPhoto = ReturnType<typeof useGeneratorPhoto>;
