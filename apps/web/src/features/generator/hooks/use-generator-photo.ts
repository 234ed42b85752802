import { guestTrialQueryOptions } from "@/lib/guest-trial";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { actionForCode } from "../lib/error-keys";
import { viewCheck } from "../lib/photo-check";
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
 * would refuse it (`refusal`: no face or several), or why the upload failed (`photoError`).
 */
export function useGeneratorPhoto(member: boolean) {
  const { t } = useI18n();
  const photo = usePhoto(member ? noSession : ensureGuestSession, renewGuestSession);
  const uploading = photo.state.phase === "uploading";
  const ready = photo.state.phase === "ready" && !!photo.state.upload;
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

  const hint = uploading
    ? t("generator.photo.uploading")
    : !ready
      ? t("generator.generate.missing")
      : refusal;

  return { photo, uploading, ready, check, refusal, photoError, hint };
}
export type GeneratorPhoto = ReturnType<typeof useGeneratorPhoto>;
