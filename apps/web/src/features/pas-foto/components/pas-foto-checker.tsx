import type { PasFotoCheckResponse } from "@rupa/shared";
import type { PasFotoBackground } from "@rupa/shared/constants";
import * as routes from "@rupa/shared/route-table";
import { ImageUp, LoaderCircle, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { BackgroundPicker } from "@/components/background-picker";
import { HeadedSection } from "@/components/headed-section";
import { HiddenFileInput } from "@/components/hidden-file-input";
import { PasFotoChecklist } from "@/components/pas-foto-checklist";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";

const ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp,.heic,.heif";

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "done"; check: PasFotoCheckResponse }
  | { kind: "error"; error: unknown };

/**
 * The free checker's form and answer (an island of the server-rendered /cek-pas-foto): the
 * background asked for, one photo chosen, sent to POST /api/pas-foto/check at once, and the
 * checklist that comes back (or why the photo could not be checked). The photo goes no further
 * than that request: the server reads it in memory and keeps nothing.
 */
export function PasFotoChecker() {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [background, setBackground] = useState<PasFotoBackground>("red");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const sent = useRef(0);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function check(photo: File, colour: PasFotoBackground) {
    const mine = ++sent.current;
    setState({ kind: "checking" });
    const form = new FormData();
    form.append("photo", photo, photo.name || "pas-foto.jpg");
    try {
      const result = await call(routes.pasFotoCheck, {
        query: { background: colour, lang },
        body: form,
      });
      if (mine === sent.current) setState({ kind: "done", check: result });
    } catch (error) {
      if (mine === sent.current) setState({ kind: "error", error });
    }
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
    void check(chosen, background);
  }

  function onBackground(colour: PasFotoBackground) {
    setBackground(colour);
    if (file) void check(file, colour);
  }

  const busy = state.kind === "checking";
  return (
    <HeadedSection
      title={t("pasFotoCheck.form.heading")}
      className="gap-5 rounded-2xl border bg-card p-4 shadow-soft sm:p-6"
    >
      <BackgroundPicker value={background} disabled={!hydrated || busy} onChange={onBackground} />
      <HiddenFileInput ref={input} accept={ACCEPT} onChange={onChoose} />
      <div className="flex items-start gap-4">
        {preview ? (
          <img
            src={preview}
            alt={t("pasFotoCheck.form.previewAlt")}
            className="aspect-[2/3] w-20 shrink-0 rounded-lg border object-cover sm:w-28"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <Button
            type="button"
            size="lg"
            variant={file ? "outline" : "default"}
            disabled={!hydrated || busy}
            onClick={() => input.current?.click()}
            className="w-full sm:w-auto sm:self-start"
          >
            {file ? <RotateCcw aria-hidden /> : <ImageUp aria-hidden />}
            {file ? t("pasFotoCheck.form.another") : t("pasFotoCheck.form.choose")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("pasFotoCheck.form.formats")}</p>
        </div>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {state.kind === "checking" ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            {t("pasFotoCheck.form.checking")}
          </p>
        ) : state.kind === "done" ? (
          <PasFotoChecklist check={state.check} />
        ) : state.kind === "error" ? (
          <p role="alert" className="rounded-xl bg-destructive/10 p-3 text-sm text-destructive">
            {errorMessage(state.error, i18n)}
          </p>
        ) : null}
      </div>
    </HeadedSection>
  );
}
