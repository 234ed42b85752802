import { RefreshCw, Search, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";

/** The row above a table: search, filters, and the table's own actions. Wraps on phones. */
export function DataTableToolbar({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-slot="data-table-toolbar"
      className={cn("flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end", className)}
    >
      {children}
    </div>
  );
}

/**
 * A search box that writes to the URL a moment after typing stops (and at once on Enter), so
 * the server is not asked once per key. Follows the URL when it changes elsewhere (back button).
 */
export function TableSearch({
  value,
  onChange,
  placeholder,
  delayMs = 350,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder?: string;
  delayMs?: number;
}) {
  const { t } = useAdminI18n();
  const [text, setText] = useState(value);
  // The URL changed elsewhere (back button, "clear filters"): show what it says now.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onChangeRef.current(next.trim());
  };

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-xs"
      onSubmit={(e) => {
        e.preventDefault();
        commit(text);
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={text}
        aria-label={t("common.searchLabel")}
        placeholder={placeholder ?? t("common.searchPlaceholder")}
        maxLength={100}
        className="pr-10 pl-10"
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), delayMs);
        }}
      />
      {text && (
        <button
          type="button"
          aria-label={t("common.clearSearch")}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-muted-foreground hover:bg-muted"
          onClick={() => {
            setText("");
            commit("");
          }}
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/** One filter as a labelled select; "All" clears it. */
export function TableFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  allLabel,
}: {
  label: string;
  value: V | undefined;
  options: readonly FilterOption<V>[];
  onChange: (value: V | undefined) => void;
  allLabel?: string;
}) {
  const { t } = useAdminI18n();
  return (
    <Field label={label} small className="w-full sm:w-48">
      {(id) => (
        <NativeSelect
          id={id}
          value={value ?? ""}
          className="text-sm"
          onChange={(e) => {
            const next = options.find((o) => o.value === e.target.value)?.value;
            onChange(next);
          }}
        >
          <option value="">{allLabel ?? t("common.filterAll")}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** Re-fetches the table; spins while a fetch is running. */
export function RefreshButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  const { t } = useAdminI18n();
  return (
    <Button
      type="button"
      variant="outline"
      onClick={onClick}
      disabled={busy}
      className="sm:ml-auto"
    >
      <RefreshCw
        aria-hidden
        className={cn("size-4", busy && "animate-spin motion-reduce:animate-none")}
      />
      {t("common.refresh")}
    </Button>
  );
}
