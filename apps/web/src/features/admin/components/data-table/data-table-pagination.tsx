import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useId } from "react";
import { ADMIN_PAGE_SIZES } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { formatNumber } from "@/lib/format";
import { useAdminI18n } from "../../lib/admin-i18n";

/** Page size, "21–40 of 132", and first/previous/next/last; the page lives in the URL. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t, lang } = useAdminI18n();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const fmt = (n: number) => formatNumber(n, lang);
  const steps = [
    { label: t("common.firstPage"), Icon: ChevronsLeft, to: 1, disabled: page <= 1 },
    { label: t("common.previousPage"), Icon: ChevronLeft, to: page - 1, disabled: page <= 1 },
    { label: t("common.nextPage"), Icon: ChevronRight, to: page + 1, disabled: page >= pages },
    { label: t("common.lastPage"), Icon: ChevronsRight, to: pages, disabled: page >= pages },
  ];

  return (
    <nav
      aria-label={t("common.pageOf", { page: fmt(page), pages: fmt(pages) })}
      className="flex flex-col gap-3 border-t border-border/70 px-3 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-4"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-muted-foreground">
          {t("common.rowsPerPage")}
        </label>
        <div className="w-24">
          <NativeSelect
            id={id}
            value={pageSize}
            className="min-h-10 py-1.5 text-sm"
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {ADMIN_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <p className="text-muted-foreground tabular-nums" aria-live="polite">
          {t("common.rangeOf", { from: fmt(from), to: fmt(to), total: fmt(total) })}
        </p>
        <div className="flex items-center gap-1">
          {steps.map(({ label, Icon, to, disabled }) => (
            <Button
              key={label}
              variant="outline"
              size="icon"
              className="size-10"
              aria-label={label}
              disabled={disabled}
              onClick={() => onPage(to)}
            >
              <Icon aria-hidden className="size-4" />
            </Button>
          ))}
        </div>
      </div>
    </nav>
  );
}
