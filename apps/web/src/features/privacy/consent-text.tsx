import type { ConsentState } from "@rupa/shared";
import { useI18n, type Translate } from "@/lib/i18n";

/** The providers' names as people know them (the server names the active one by its key). */
export function providerName(t: Translate, key: string): string {
  const names: Record<string, string> = {
    local: t("privacy.providers.local"),
    replicate: "Replicate",
    openai: "OpenAI",
    huggingface: "Hugging Face",
    kie_ai: "Kie.ai",
  };
  return names[key] ?? key;
}

/**
 * The short consent text (docs/product/privacy.md, version PHOTO_CONSENT_VERSION): what is
 * processed, why, for how long, who processes it, and the full policy. Shown before the first
 * upload and, shorter, beside the sign-up box.
 */
export function ConsentText({ state }: { state: Pick<ConsentState, "provider"> }) {
  const { t } = useI18n();
  return (
    <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed text-muted-foreground">
      <li>{t("privacy.consent.what")}</li>
      <li>{t("privacy.consent.who", { provider: providerName(t, state.provider) })}</li>
      <li>{t("privacy.consent.howLong")}</li>
      <li>
        {t("privacy.consent.rights")}{" "}
        <a
          href="/privacy"
          target="_blank"
          rel="noopener"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t("privacy.consent.policy")}
        </a>
      </li>
    </ul>
  );
}
