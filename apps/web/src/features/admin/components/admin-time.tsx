import { formatDate } from "@/lib/format";
import { formatDateTime } from "../lib/format-date-time";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../lib/admin-i18n";

/** A date (with the time in Jakarta unless `dateOnly`) as a machine-readable <time>. */
export function AdminTime({
  value,
  dateOnly = false,
  className,
}: {
  value: string;
  dateOnly?: boolean;
  className?: string;
}) {
  const { lang } = useAdminI18n();
  return (
    <time dateTime={value} className={cn("whitespace-nowrap tabular-nums", className)}>
      {dateOnly ? formatDate(value, lang) : formatDateTime(value, lang)}
    </time>
  );
}
