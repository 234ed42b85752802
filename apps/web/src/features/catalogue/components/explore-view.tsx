import type { StyleSort, StyleSummary } from "@rupa/shared";
import { RefreshCw, SearchX } from "lucide-react";
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { getRecentStyles, type StoredStyle } from "@/lib/selected-style";
import { cn } from "@/lib/utils";
import { useViewTracking } from "../api/events";
import { useStyles } from "@/lib/styles-api";
import {
  ACTION_FIGURE_GROUP,
  STYLE_GROUPS,
  STYLE_SORTS,
  groupStyles,
  isStyleCategory,
  type GroupFilter,
  type StyleGroup,
} from "../lib/groups";
import type { Viewer } from "../lib/viewer";
import { CreditHero } from "./credit-hero";
import { StyleCard } from "./style-card";
import type { OpenStyle } from "./style-detail-dialog";

const loadDialog = () => import("./style-detail-dialog");
const StyleDetailDialog = lazy(loadDialog);
/** Starts downloading the dialog's code when a card is pointed at, before the click. */
const preloadDialog = () => void loadDialog().catch(() => undefined);

const isSort = (value: string | null): value is StyleSort =>
  value !== null && (STYLE_SORTS as readonly string[]).includes(value);

const NO_RECENT: StoredStyle[] = [];
let lastRecent: StoredStyle[] = NO_RECENT;
const sameStyle = (a: StoredStyle, b: StoredStyle | undefined) =>
  !!b &&
  a.id === b.id &&
  a.name === b.name &&
  a.imageUrl === b.imageUrl &&
  a.isPremium === b.isPremium;
/** The stored "Recently used" list, the same array while it is unchanged. */
function readRecent(): StoredStyle[] {
  const next = getRecentStyles();
  const same =
    next.length === lastRecent.length && next.every((style, i) => sameStyle(style, lastRecent[i]));
  if (!same) lastRecent = next;
  return lastRecent;
}
const subscribeToNothing = () => () => undefined;

/** How many groups the first render shows (the rest render right after, in the background). */
const FIRST_GROUPS = 2;

/** How many cards count as "above the fold" and load eagerly. */
const EAGER_CARDS = 4;

/**
 * Home/explore (spec §2): hero with balance or free try, "Recently used", sort and group filter
 * (kept in the address: ?sort=az&group=cartoon), the style groups with the action-figure cap,
 * and the style dialog. `aside` is placed after the groups (the route passes the referral card).
 */
export function ExploreView({
  viewer,
  title,
  aside,
}: {
  viewer: Viewer;
  title: string;
  aside?: ReactNode;
}) {
  const { t, lang } = useI18n();
  // In a server-rendered page the sort and the filters work once hydrated.
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get("sort");
  const groupParam = params.get("group");
  const sort: StyleSort = isSort(sortParam) ? sortParam : "featured";
  const group: GroupFilter = isStyleCategory(groupParam) ? groupParam : "all";
  const styles = useStyles(sort, lang);
  const [open, setOpen] = useState<OpenStyle | null>(null);
  // Read from storage in the browser only: a server-rendered page has none, so hydration starts
  // without the strip and shows it right after.
  const recent = useSyncExternalStore(subscribeToNothing, readRecent, () => NO_RECENT);

  // The grid renders in an interruptible (time-sliced) pass, so 60+ cards arriving at once do
  // not block the main thread in one long task.
  const list = useDeferredValue(styles.data);
  const allGroups = useMemo(() => groupStyles(list ?? [], group), [list, group]);
  // The first render (and the server's HTML) holds the first groups only, which fill the screen;
  // the others follow in a background pass.
  const groups = useDeferredValue(allGroups, allGroups.slice(0, FIRST_GROUPS));
  const byId = useMemo(() => new Map((list ?? []).map((style) => [style.id, style])), [list]);

  const update = (key: "sort" | "group", value: string, fallback: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // Stable while the list is unchanged, so the memoised groups and cards do not re-render when
  // the viewer (session, free try) changes.
  const openStyle = useCallback(
    (id: string, section: OpenStyle["section"]) => {
      const summary = byId.get(id);
      setOpen({ id, section, ...(summary ? { summary } : {}) });
    },
    [byId],
  );
  const openRecent = useCallback((id: string) => openStyle(id, "recent"), [openStyle]);

  return (
    <div className="flex flex-col gap-8">
      <CreditHero viewer={viewer} title={title} />

      {recent.length > 0 ? (
        <section aria-labelledby="recent-title" className="flex flex-col gap-3">
          <h2 id="recent-title" className="text-lg font-bold">
            {t("catalogue.recentTitle")}
          </h2>
          <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
            {recent.map((item) => {
              const known = byId.get(item.id);
              return (
                <li key={item.id} className="w-32 shrink-0 snap-start sm:w-36">
                  <StyleCard
                    style={
                      known ?? {
                        id: item.id,
                        name: item.name,
                        nameId: item.name,
                        category: "more_styles",
                        isPremium: item.isPremium,
                        preview: item.imageUrl
                          ? { card: item.imageUrl, full: item.imageUrl, width: 300, height: 375 }
                          : null,
                      }
                    }
                    onOpen={openRecent}
                    onIntent={preloadDialog}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="styles-title" className="flex flex-col gap-5">
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
                onChange={(event) => update("sort", event.target.value, "featured")}
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
            className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
          >
            {(["all", ...STYLE_GROUPS] as const).map((value) => (
              <button
                key={value}
                type="button"
                disabled={!hydrated}
                aria-pressed={group === value}
                onClick={() => update("group", value, "all")}
                className="inline-flex min-h-10 shrink-0 items-center rounded-full border bg-card px-4 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
              >
                {value === "all" ? t("catalogue.filterAll") : t(`catalogue.groups.${value}`)}
              </button>
            ))}
          </div>
        </div>

        {list === undefined && !styles.isError ? (
          <GridSkeleton label={t("catalogue.loadingStyles")} />
        ) : styles.isError && list === undefined ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-10 text-center"
          >
            <p className="text-base font-bold">{t("catalogue.loadFailed")}</p>
            <p className="text-sm text-muted-foreground">{t("catalogue.loadFailedBody")}</p>
            <Button variant="outline" onClick={() => void styles.refetch()}>
              <RefreshCw aria-hidden />
              {t("catalogue.retry")}
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
            <SearchX aria-hidden className="size-8 text-muted-foreground" />
            <p className="text-base font-semibold">{t("catalogue.empty")}</p>
            <Button variant="outline" onClick={() => update("group", "all", "all")}>
              {t("catalogue.showAll")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-10">
            {groups.map((item, index) => (
              // A boundary per group: a server-rendered page hydrates group by group, in short
              // tasks, instead of in one long one (docs/decisions/009).
              <Suspense key={item.category} fallback={null}>
                <GroupSection group={item} eager={index === 0} onOpen={openStyle} />
              </Suspense>
            ))}
          </div>
        )}
      </section>

      {aside}

      {open ? (
        <Suspense fallback={null}>
          <StyleDetailDialog open={open} viewer={viewer} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

const GroupSection = memo(function GroupSection({
  group,
  eager,
  onOpen,
}: {
  group: StyleGroup;
  eager: boolean;
  onOpen: (id: string, section: OpenStyle["section"]) => void;
}) {
  const { t } = useI18n();
  const isActionFigures = group.category === ACTION_FIGURE_GROUP;
  const section = isActionFigures ? "action_figures" : "all_styles";
  const observe = useViewTracking(section);
  const headingId = `group-${group.category}`;
  const open = useCallback((id: string) => onOpen(id, section), [onOpen, section]);
  return (
    <section
      aria-labelledby={headingId}
      data-group={group.category}
      className="flex flex-col gap-3"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold">
          {t(`catalogue.groups.${group.category}`)}
        </h3>
        <span className="text-sm text-muted-foreground">
          {isActionFigures && group.total > group.styles.length
            ? t("catalogue.actionFigureNote", { shown: group.styles.length, total: group.total })
            : t("catalogue.groupCount", { count: group.styles.length })}
        </span>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {group.styles.map((style: StyleSummary, index) => (
          <li key={style.id}>
            <StyleCard
              style={style}
              priority={!eager || index >= EAGER_CARDS ? "lazy" : index === 0 ? "high" : "eager"}
              observeRef={observe(style.id)}
              onOpen={open}
              onIntent={preloadDialog}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-6 w-40" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className={cn("overflow-hidden rounded-2xl border bg-card")}>
            <Skeleton className="aspect-[4/5] w-full rounded-none" />
            <div className="px-3 py-2.5">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="mt-2 h-4 w-1/2 opacity-0" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
