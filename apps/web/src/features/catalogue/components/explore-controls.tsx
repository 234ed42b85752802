import type { StyleSort } from "@rupa/shared";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/lib/i18n";
import { usePageNavigate } from "@/lib/page-navigation";
import { useHydrated } from "@/lib/use-hydrated";
import { exploreHref, STYLE_GROUPS, STYLE_SORTS, type GroupFilter } from "../lib/groups";

export type ExploreControlsProps = { sort: StyleSort; group: GroupFilter };

/**
 * The explore page's heading with its sort and group filter, kept in the address
 * (?sort=az&group=cartoon). An island of a visitor's server-rendered /eksplor
 * (docs/decisions/029): a change there hands the page to the app at the new address, which
 * renders the new order or group in place; in the app the router does it.
 */
export function ExploreControls({ sort, group }: ExploreControlsProps) {
  const { t } = useI18n();
  // In a server-rendered page the sort and the filters work once this island has hydrated.
  const hydrated = useHydrated();
  const navigate = usePageNavigate();
  const update = (key: "sort" | "group", value: string) => {
    const { pathname, search } = window.location;
    void navigate(exploreHref(pathname, search, key, value), { replace: true, keepScroll: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="styles-title" className="text-xl font-extrabold tracking-tight">
          {t("catalogue.allStyles")}
        </h2>
        <label className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <span>{t("catalogue.sortLabel")}</span>
          <NativeSelect
            disabled={!hydrated}
            value={sort}
            onChange={(event) => update("sort", event.target.value)}
            className="min-h-10 w-40 py-1.5 text-sm font-semibold"
          >
            {STYLE_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`catalogue.sort.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <div
        role="group"
        aria-label={t("catalogue.filterLabel")}
        className="scroll-fade-x -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {(["all", ...STYLE_GROUPS] as const).map((value) => (
          <button
            key={value}
            type="button"
            disabled={!hydrated}
            aria-pressed={group === value}
            onClick={() => update("group", value)}
            className="inline-flex min-h-10 shrink-0 items-center rounded-full border bg-card px-4 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {value === "all" ? t("catalogue.filterAll") : t(`catalogue.groups.${value}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
