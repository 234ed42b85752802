import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import {
  invalidateGallery,
  useActiveGenerations,
  useDeleteGalleryItem,
  useGallery,
  type GalleryItem,
  type GallerySort,
} from "../api/gallery";
import { itemTitle } from "../lib/item-title";
import { downloadName, downloadUrl, saveFile } from "@/lib/download";
import { createShareFiles, imageFile, shareResult } from "@/lib/share";
import { wrapIndex } from "@/lib/wrap-index";

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

/**
 * The gallery's state: filters, the paged list and the running generations, the open item and
 * stepping through it, deleting with confirmation, download and share. GalleryPage renders it.
 */
export function useGalleryPage({
  member,
  referralUrl,
}: {
  member: boolean;
  referralUrl: string | null;
}) {
  const { t, lang } = useI18n();
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
  const remove = useDeleteGalleryItem();

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
    try {
      await remove.mutateAsync(target);
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
      setToDelete(null);
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

  const clearFilters = () => {
    setSearchText("");
    setStyleId(null);
  };

  return {
    filters: {
      searchText,
      setSearchText,
      styleId,
      setStyleId,
      sort,
      setSort,
      filtered,
      clearFilters,
    },
    list,
    items,
    running: active.data ?? [],
    open: { item: openItem, index: openIndex, key: keyOf, setKey: setOpenKey, step },
    remove: {
      target: toDelete,
      setTarget: setToDelete,
      deleting: remove.isPending,
      confirm: confirmDelete,
    },
    download,
    share,
    prefetchShare,
    sentinel,
  };
}
