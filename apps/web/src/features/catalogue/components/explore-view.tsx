import type { StyleSort } from "@rupa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, SearchX } from "lucide-react";
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation, useSearchParams } from "@/lib/router";
import { Island } from "@/components/island";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { PageLink } from "@/lib/page-navigation";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";
import { cachedStyleSummary, useStyles } from "@/lib/styles-api";
import {
  ACTION_FIGURE_GROUP,
  exploreHref,
  STYLE_SORTS,
  groupStyles,
  isStyleCategory,
  type GroupFilter,
  type StyleGroup,
} from "../lib/groups";
import { STYLE_CARDS_BEHAVIOUR, watchStyleCards } from "../lib/style-cards";
import type { Viewer } from "../lib/viewer";
import { ExploreControls } from "./explore-controls";
import { RecentStyles } from "./recent-styles";
import { StyleCard } from "./style-card";
import type { OpenStyle } from "./style-detail-dialog";

const loadDialog = () => import("./style-detail-dialog");
const StyleDetailDialog = lazy(loadDialog);
/** Starts downloading the dialog's code when a card is reached for, before the click. */
const preloadStyleDialog = () => void loadDialog().catch(() => undefined);

const isSort = (value: string | null): value is StyleSort =>
  value !== null && (STYLE_SORTS as readonly string[]).includes(value);

/** How many groups the app's first render shows (the rest render right after, in the background). */
const FIRST_GROUPS = 2;

/** How many cards count as "above the fold" and load eagerly. */
const EAGER_CARDS = 4;

/**
 * Home/explore (docs/product/catalogue.md): the hero (`hero`, which the route gives), "Recently
 * used", sort and group filter (kept in the address: ?sort=az&group=cartoon), the style groups with
 * the action-figure cap, and the style dialog. `aside` is placed after the groups (the route passes
 * the referral card).
 *
 * A visitor's /eksplor is this view rendered on the server and never rendered again in the
 * browser (docs/decisions/029): the hero, "Recently used" and the controls are islands, and the
 * cards are the server's HTML, which app/islands.tsx brings to life with watchStyleCards and
 * a dialog of its own. Here, in the app, the same cards open the dialog below.
 */
export function ExploreView({
  viewer,
  hero,
  aside,
}: {
  viewer: Viewer;
  hero: ReactNode;
  aside?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const sortParam = params.get("sort");
  const groupParam = params.get("group");
  const sort: StyleSort = isSort(sortParam) ? sortParam : "featured";
  const group: GroupFilter = isStyleCategory(groupParam) ? groupParam : "all";
  const styles = useStyles(sort, lang);
  const [open, setOpen] = useState<OpenStyle | null>(null);
  const client = useQueryClient();

  // The grid renders in an interruptible (time-sliced) pass, so 60+ cards arriving at once do
  // not block the main thread in one long task.
  const list = useDeferredValue(styles.data);
  const allGroups = useMemo(() => groupStyles(list ?? [], group), [list, group]);
  // The server's HTML holds every group: the browser does not render a visitor's page again.
  // The app's first render holds the first groups, which fill the screen; the others follow in
  // a background pass.
  const hydrated = useHydrated();
  const groups = useDeferredValue(
    allGroups,
    hydrated ? allGroups.slice(0, FIRST_GROUPS) : allGroups,
  );
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!view.current) return undefined;
    return watchStyleCards(view.current, {
      open: (card) => {
        // What the list already knows is shown at once while the detail loads.
        const summary = cachedStyleSummary(client, card.id);
        setOpen({ ...card, ...(summary ? { summary } : {}) });
      },
      onIntent: preloadStyleDialog,
    });
  }, [client]);

  return (
    <div ref={view} data-behaviour={STYLE_CARDS_BEHAVIOUR} className="flex flex-col gap-8">
      {hero}

      <Island name="explore-recent" component={RecentStyles} props={{ sort }} />

      <section aria-labelledby="styles-title" className="flex flex-col gap-5">
        <Island name="explore-controls" component={ExploreControls} props={{ sort, group }} />

        {list === undefined && !styles.isError ? (
          // Without the list (a server-rendered page in another order than the one it carries)
          // the page needs the app to fill the grid: app/islands.tsx hands it over.
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
            <Button asChild variant="outline">
              <PageLink href={exploreHref(pathname, search, "group", "all")} replace keepScroll>
                {t("catalogue.showAll")}
              </PageLink>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-10">
            {groups.map((item, index) => (
              <GroupSection key={item.category} group={item} eager={index === 0} />
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

function GroupSection({ group, eager }: { group: StyleGroup; eager: boolean }) {
  const { t } = useI18n();
  const isActionFigures = group.category === ACTION_FIGURE_GROUP;
  const section = isActionFigures ? "action_figures" : "all_styles";
  const headingId = `group-${group.category}`;
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
        {group.styles.map((style, index) => {
          const lazy = !eager || index >= EAGER_CARDS;
          return (
            // Below the first screen, a card is laid out and painted as it nears it.
            <li key={style.id} className={lazy ? "render-near-screen-card" : undefined}>
              <StyleCard
                style={style}
                section={section}
                priority={lazy ? "lazy" : index === 0 ? "high" : "eager"}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-needs-app className="flex flex-col gap-3">
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
