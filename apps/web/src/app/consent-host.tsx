import { useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ConsentText } from "@/features/privacy/consent-text";
import { errorMessage } from "@/lib/error-message";
import { getStoredLang, I18nProvider, loadCatalog, useI18n } from "@/lib/i18n";
import {
  answerConsent,
  consentQuestion,
  giveConsent,
  subscribeToConsent,
} from "@/lib/photo-consent-question";

let mounted: Promise<void> | null = null;

/**
 * Mounts the consent dialog once, in a root of its own with the messages of the language the
 * page shows (lib/photo-consent calls it the first time it must ask).
 */
export function mountConsentHost(): Promise<void> {
  mounted ??= (async () => {
    const shown = document.documentElement.lang;
    const catalog = await loadCatalog(shown === "en" || shown === "id" ? shown : getStoredLang());
    const element = document.createElement("div");
    document.body.append(element);
    createRoot(element).render(
      <I18nProvider initial={catalog}>
        <ConsentHost />
      </I18nProvider>,
    );
  })();
  return mounted;
}

/** The photo consent asked before a person's first upload (docs/product/privacy.md). */
function ConsentHost() {
  const i18n = useI18n();
  const { t } = i18n;
  const question = useSyncExternalStore(subscribeToConsent, consentQuestion, () => null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!question) return null;
  const agree = async () => {
    setPending(true);
    setFailure(null);
    try {
      await giveConsent(question.state.version);
      answerConsent(true);
    } catch (error) {
      setFailure(errorMessage(error, i18n));
    } finally {
      setPending(false);
    }
  };
  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && !pending && answerConsent(false)}
      title={t("privacy.consent.title")}
      description={t("privacy.consent.lead")}
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => answerConsent(false)}>
            {t("privacy.consent.cancel")}
          </Button>
          <Button disabled={pending} onClick={() => void agree()}>
            {pending ? <Spinner className="size-4" /> : null}
            {t("privacy.consent.agree")}
          </Button>
        </>
      }
    >
      <ConsentText state={question.state} />
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </TitledDialog>
  );
}
