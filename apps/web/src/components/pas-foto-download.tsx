import { PAS_FOTO_SIZES, type PasFotoSize } from "@rupa/shared/constants";
import * as routes from "@rupa/shared/route-table";
import { useQuery } from "@tanstack/react-query";
import { Download, IdCard, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { ChoiceButton } from "@/components/choice-button";
import { PasFotoChecklist } from "@/components/pas-foto-checklist";
import { Button } from "@/components/ui/button";
import { call, routeUrl } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

const SIZES = Object.keys(PAS_FOTO_SIZES) as PasFotoSize[];
const SIZE_KEY = { "3x4": "pasFoto.size3x4", "4x6": "pasFoto.size4x6" } as const;

/**
 * "Unduh pas foto" for a Formal CV/CPNS avatar: the size (3x4 cm or 4x6 cm), the checklist of
 * that pas foto against SSCASN's rules, and a real download link to the same file (the server's
 * 300 dpi JPEG of at most 200 KB; it keeps the export the checklist was made from). Used by the
 * generator and the gallery.
 */
export function PasFotoDownload({ avatarId, className }: { avatarId: string; className?: string }) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  const headingId = useId();
  const [size, setSize] = useState<PasFotoSize>("4x6");
  const check = useQuery({
    queryKey: ["pas-foto-check", avatarId, size, lang],
    queryFn: ({ signal }) =>
      call(
        routes.galleryPasFotoCheck,
        { params: { id: avatarId }, query: { size, lang } },
        { signal },
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const label = t(SIZE_KEY[size]);
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-3 rounded-xl border border-dashed p-3", className)}
    >
      <p id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <IdCard aria-hidden className="size-4 text-primary" />
        {t("pasFoto.heading")}
      </p>
      <div role="radiogroup" aria-label={t("pasFoto.sizeLabel")} className="grid grid-cols-2 gap-2">
        {SIZES.map((option) => (
          <ChoiceButton key={option} checked={size === option} onClick={() => setSize(option)}>
            {t(SIZE_KEY[option])}
          </ChoiceButton>
        ))}
      </div>
      {check.data ? (
        <PasFotoChecklist check={check.data} />
      ) : check.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(check.error, i18n)}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t("pasFoto.checking")}
        </p>
      )}
      <Button asChild>
        <a
          href={routeUrl(routes.galleryPasFoto, { params: { id: avatarId }, query: { size } })}
          download={`pas-foto-${size}.jpg`}
          aria-label={t("pasFoto.download", { size: label })}
        >
          <Download aria-hidden />
          {t("pasFoto.downloadShort", { size: label })}
        </a>
      </Button>
      <p className="text-xs text-muted-foreground">{t("pasFoto.hint")}</p>
    </div>
  );
}
