import { PAS_FOTO_SIZES, type PasFotoSize } from "@rupa/shared/constants";
import * as routes from "@rupa/shared/route-table";
import { IdCard } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { routeUrl } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

const SIZES = Object.keys(PAS_FOTO_SIZES) as PasFotoSize[];
const SIZE_KEY = { "3x4": "pasFoto.size3x4", "4x6": "pasFoto.size4x6" } as const;

/**
 * "Unduh pas foto" for a Formal CV/CPNS avatar: one real download link per size (3x4 cm,
 * 4x6 cm), each the server's 300 dpi JPEG under 200 KB. Used by the generator and the gallery.
 */
export function PasFotoDownload({ avatarId, className }: { avatarId: string; className?: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const hintId = useId();
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-describedby={hintId}
      className={cn("flex flex-col gap-2 rounded-xl border border-dashed p-3", className)}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <IdCard aria-hidden className="size-4 text-primary" />
          {t("pasFoto.heading")}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {SIZES.map((size) => {
            const label = t(SIZE_KEY[size]);
            return (
              <Button key={size} asChild variant="outline" className="sm:min-w-24">
                <a
                  href={routeUrl(routes.galleryPasFoto, {
                    params: { id: avatarId },
                    query: { size },
                  })}
                  download={`pas-foto-${size}.jpg`}
                  aria-label={t("pasFoto.download", { size: label })}
                >
                  {label}
                </a>
              </Button>
            );
          })}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("pasFoto.hint")}
      </p>
    </div>
  );
}
