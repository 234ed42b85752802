import type { Generation } from "@rupa/shared";
import { ImageOff, Images, Search, Sparkles } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import {
  deleteGalleryItem,
  invalidateGallery,
  useActiveGenerations,
  useGallery,
  type GalleryItem,
  type GallerySort,
} from "../api/gallery";
import { downloadName, downloadUrl, saveFile } from "../lib/download";
import { createShareFiles, imageFile, shareResult } from "../lib/share";
import { wrapIndex } from "../lib/wrap";
import { DeleteDialog } from "./delete-dialog";
import { DetailsDialog } from "./details-dialog";
import { GalleryCard, itemTitle } from "./gallery-card";
import { ProgressCard } from "./progress-card";

export type GalleryStyleOption = { id: string; name: string; nameId: string };

type Props = {
  /** "loading" while the session is read; visitors see a sign-in prompt. */
  viewer: "loading" | "visitor" | "user";
  /** Active styles for the filter ("Semua Style" plus these). */
  styles: GalleryStyleOption[];
  /** The user's referral link, carried by every share; null while unknown. */
  referralUrl: string | null;
};

const keyOf = (item: Pick<GalleryItem, "kind" | "id">) => `${item.kind}:${item.id}`;

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /gallery: "Galeri Avatar Saya", the user's results and Kanvas images. */
export function GalleryPage({ viewer, styles, referralUrl }: Props) {
  const { t, lang } = useI18n();
  const member = viewer === "user";
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [styleId, setStyleId] = useState<string | null>(null);
  const [sort, setSort] = useState<GallerySort>("newest");
  const filters = useMemo(() => ({ search, styleId, sort }), [search, styleId, sort]);
  const filtered = search !== "" || styleId !== null;

  const list = useGallery(filters, member);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const active = useActiveGenerations(member);

  const [openKey, setOpenKey] = useState<string | null>(null);
  const stepping = useRef(false);
  const [toDelete, setToDelete] = useState<GalleryItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const searchId = useId();
  const filterId = useId();
  const sortId = useId();

  // "Failed to load images" once per failure, with the retry button on the page.
  useEffect(() => {
    if (list.isError) toast.error(t("gallery.toast.loadFailed"));
  }, [list.isError, list.errorUpdatedAt, t]);

  // A generation that stops being active has a result (or a refund): read the list again.
  const activeIds = useRef<Set<string>>(new Set());
  useEffect(() => {
    const now = new Set((active.data ?? []).map((g) => g.id));
    const finished = [...activeIds.current].some((id) => !now.has(id));
    activeIds.current = now;
    if (finished) void invalidateGallery();
  }, [active.data]);

  const openIndex = openKey ? items.findIndex((item) => keyOf(item) === openKey) : -1;
  const openItem = openIndex >= 0 ? items[openIndex]! : null;

  // Stepping past the last loaded item fetches the next page first; only the real end wraps.
  const step = (direction: 1 | -1) => {
    if (openIndex < 0 || stepping.current) return;
    if (direction === 1 && openIndex === items.length - 1 && list.hasNextPage) {
      stepping.current = true;
      const from = openIndex;
      void list
        .fetchNextPage()
        .then((result) => {
          // A page that failed to load is not the end: stay put (the list shows the error).
          if (result.isFetchNextPageError) return;
          const all = result.data?.pages.flatMap((p) => p.items) ?? [];
          const next = all[from + 1] ?? all[0];
          if (next) setOpenKey(keyOf(next));
        })
        .finally(() => {
          stepping.current = false;
        });
      return;
    }
    const next = items[wrapIndex(openIndex, direction, items.length)];
    if (next) setOpenKey(keyOf(next));
  };

  const download = useCallback(
    async (item: GalleryItem) => {
      toast.info(t("gallery.toast.downloadStarted"));
      try {
        await saveFile(downloadUrl(item.imageUrl), (type) => downloadName(item, type));
        toast.success(t("gallery.toast.downloadCompleted"));
      } catch {
        toast.error(t("gallery.toast.downloadFailed"));
      }
    },
    [t],
  );

  // Pictures to attach to a share are fetched ahead, so the share itself waits for nothing.
  const [shareFiles] = useState(() => createShareFiles(imageFile));
  const prefetchShare = useCallback(
    (item: GalleryItem) => shareFiles.prefetch(item.imageUrl, downloadName(item, null)),
    [shareFiles],
  );
  useEffect(() => {
    if (openItem) prefetchShare(openItem);
  }, [openItem, prefetchShare]);

  const share = useCallback(
    async (item: GalleryItem) => {
      const style = itemTitle(item, lang, t("gallery.untitled"));
      const text = !referralUrl
        ? t("gallery.share.noLink")
        : item.kind === "kanvas"
          ? t("gallery.share.kanvas")
          : t("gallery.share.avatar", { style });
      const outcome = await shareResult(
        { title: t("gallery.share.title"), text, url: referralUrl },
        shareFiles.get(item.imageUrl),
      );
      if (outcome === "whatsapp") toast.info(t("gallery.toast.whatsapp"));
    },
    [lang, referralUrl, shareFiles, t],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    const target = toDelete;
    setDeleting(true);
    try {
      await deleteGalleryItem(target);
      toast.success(t("gallery.toast.deleted"));
      if (openKey === keyOf(target)) {
        const rest = items.filter((item) => keyOf(item) !== keyOf(target));
        const next = rest[Math.min(openIndex, rest.length - 1)];
        setOpenKey(next ? keyOf(next) : null);
      }
    } catch (error) {
      toast.error(
        isApiError(error) && error.status === 404
          ? t("gallery.toast.notFound")
          : t("gallery.toast.deleteFailed"),
      );
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateGallery();
    }
  };

  // Pages load as the end of the grid comes into view (and with the button below it).
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const styleName = (generation: Generation) => {
    const style = styles.find((s) => s.id === generation.styleId);
    return style ? (lang === "id" ? style.nameId : style.name) : t("gallery.untitled");
  };
  const running = active.data ?? [];
  const sortedStyles = useMemo(
    () =>
      [...styles].sort((a, b) =>
        (lang === "id" ? a.nameId : a.name).localeCompare(lang === "id" ? b.nameId : b.name, lang),
      ),
    [styles, lang],
  );

  const header = (
    <PageHeader title={t("pages.gallery.title")}>
      <p className="max-w-2xl text-muted-foreground">{t("gallery.lead")}</p>
    </PageHeader>
  );

  if (viewer === "loading") {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Spinner className="mx-auto size-8" />
      </div>
    );
  }
  if (viewer === "visitor") {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <EmptyState
          icon={<Images aria-hidden className="size-10 text-primary" />}
          title={t("gallery.signedOut.title")}
          body={t("gallery.signedOut.body")}
          action={
            <Button asChild size="lg">
              <Link to="/auth">{t("gallery.signedOut.cta")}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {header}

      <div
        role="search"
        aria-label={t("gallery.toolbar")}
        className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_14rem_11rem]"
      >
        <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
          <label htmlFor={searchId} className="text-sm font-semibold">
            {t("gallery.searchLabel")}
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              value={searchText}
              maxLength={100}
              placeholder={t("gallery.searchPlaceholder")}
              onChange={(e) => setSearchText(e.target.value)}
              className="pl-10"
            />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-semibold">
            {t("gallery.filterLabel")}
          </label>
          <NativeSelect
            id={filterId}
            value={styleId ?? "all"}
            onChange={(e) => setStyleId(e.target.value === "all" ? null : e.target.value)}
          >
            <option value="all">{t("gallery.allStyles")}</option>
            {sortedStyles.map((s) => (
              <option key={s.id} value={s.id}>
                {lang === "id" ? s.nameId : s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={sortId} className="text-sm font-semibold">
            {t("gallery.sortLabel")}
          </label>
          <NativeSelect
            id={sortId}
            value={sort}
            onChange={(e) => setSort(e.target.value === "oldest" ? "oldest" : "newest")}
          >
            <option value="newest">{t("gallery.sortNewest")}</option>
            <option value="oldest">{t("gallery.sortOldest")}</option>
          </NativeSelect>
        </div>
      </div>

      {running.length > 0 ? (
        <section aria-labelledby="gallery-running" className="flex flex-col gap-3">
          <h2 id="gallery-running" className="text-lg font-bold">
            {t("gallery.progress.heading")}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
            {running.map((g) => (
              <li key={g.id}>
                <ProgressCard generation={g} styleName={styleName(g)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {list.isPending ? (
        <ul
          aria-busy="true"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : list.isError && items.length === 0 ? (
        <EmptyState
          icon={<ImageOff aria-hidden className="size-10 text-destructive" />}
          title={t("gallery.loadFailed")}
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t("gallery.retry")}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Search aria-hidden className="size-10 text-muted-foreground" />}
            title={t("gallery.empty.filteredTitle")}
            body={t("gallery.empty.filteredBody")}
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText("");
                  setStyleId(null);
                }}
              >
                {t("gallery.empty.clear")}
              </Button>
            }
          />
        ) : running.length === 0 ? (
          <EmptyState
            icon={<Sparkles aria-hidden className="size-10 text-primary" />}
            title={t("gallery.empty.title")}
            body={t("gallery.empty.body")}
            action={
              <Button asChild size="lg">
                <Link to="/eksplor">{t("gallery.empty.cta")}</Link>
              </Button>
            }
          />
        ) : null
      ) : (
        <>
          <ul
            aria-label={t("gallery.listLabel")}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
          >
            {items.map((item) => (
              <li key={keyOf(item)}>
                <GalleryCard
                  item={item}
                  onOpen={() => setOpenKey(keyOf(item))}
                  onDownload={() => void download(item)}
                  onShare={() => void share(item)}
                  onShareIntent={() => prefetchShare(item)}
                  onDelete={() => setToDelete(item)}
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="flex flex-col items-center gap-2 pb-4">
            {hasNextPage ? (
              <Button
                variant="outline"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? <Spinner className="size-4" /> : null}
                {isFetchingNextPage ? t("gallery.loadingMore") : t("gallery.loadMore")}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                {t("gallery.end", { count: items.length })}
              </p>
            )}
          </div>
        </>
      )}

      <DetailsDialog
        item={openItem}
        index={openIndex}
        total={items.length}
        onClose={() => setOpenKey(null)}
        onStep={step}
        onDownload={(item) => void download(item)}
        onShare={(item) => void share(item)}
        onDelete={setToDelete}
      />
      <DeleteDialog
        open={!!toDelete}
        deleting={deleting}
        onOpenChange={(open) => !open && setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function EmptyState({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
      {icon}
      <h2 className="text-lg font-bold">{title}</h2>
      {body ? <p className="max-w-md text-sm text-muted-foreground">{body}</p> : null}
      {action}
    </div>
  );
}
