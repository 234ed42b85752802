import type { Generation } from "@rupa/shared";
import { ImageOff, Images, Search, Sparkles } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { HeadedSection } from "@/components/headed-section";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useGalleryStyles } from "../api/gallery";
import { useGalleryPage } from "../hooks/use-gallery-page";
import { InstallPrompt } from "@/components/lazy-parts";
import { lazyShown } from "@/components/lazy-shown";
import { GalleryCard } from "./gallery-card";

const DetailsDialog = lazyShown(
  async () => (await import("./details-dialog")).DetailsDialog,
  ({ item }) => item !== null,
);
const DeleteDialog = lazyShown(async () => (await import("./delete-dialog")).DeleteDialog);
// A generation still running: shown only when there is one.
const ProgressCard = lazyShown(
  async () => (await import("./progress-card")).ProgressCard,
  () => true,
);

export type GalleryStyleOption = { id: string; name: string; nameId: string };

type Props = {
  /** "loading" while the session is read; visitors see a sign-in prompt. */
  viewer: "loading" | "visitor" | "user";
  /** Active styles, to name the generations still running. */
  styles: GalleryStyleOption[];
  /** The user's referral link, carried by every share; null while unknown. */
  referralUrl: string | null;
};

/** /gallery: "Galeri Avatar Saya", the user's results and Kanvas images. */
export function GalleryPage({ viewer, styles, referralUrl }: Props) {
  const { t, lang } = useI18n();
  const { filters, list, items, running, open, remove, download, share, prefetchShare, sentinel } =
    useGalleryPage({ member: viewer === "user", referralUrl });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const styleName = (generation: Generation) => {
    const style = styles.find((s) => s.id === generation.styleId);
    return style ? (lang === "id" ? style.nameId : style.name) : t("gallery.untitled");
  };
  // The filter offers only the styles the member has avatars of, each with how many.
  const mine = useGalleryStyles(viewer === "user");
  const sortedStyles = useMemo(() => {
    const counted = [...(mine.data ?? [])];
    // A chosen style whose last avatar was just deleted stays choosable (at 0) until cleared.
    const chosen = filters.styleId;
    if (chosen && mine.data && !counted.some((s) => s.id === chosen)) {
      const known = styles.find((s) => s.id === chosen);
      if (known) counted.push({ ...known, count: 0 });
    }
    return counted.sort((a, b) =>
      (lang === "id" ? a.nameId : a.name).localeCompare(lang === "id" ? b.nameId : b.name, lang),
    );
  }, [mine.data, styles, filters.styleId, lang]);

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
          link={{ href: "/auth", label: t("gallery.signedOut.cta") }}
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
        <Field label={t("gallery.searchLabel")} className="col-span-2 md:col-span-1">
          {(id) => (
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={id}
                type="search"
                value={filters.searchText}
                maxLength={100}
                placeholder={t("gallery.searchPlaceholder")}
                onChange={(e) => filters.setSearchText(e.target.value)}
                className="pl-10"
              />
            </div>
          )}
        </Field>
        {/* Full width on a phone: a style name with its count fits the closed select. */}
        <Field label={t("gallery.filterLabel")} className="col-span-2 min-w-0 md:col-span-1">
          {(id) => (
            <NativeSelect
              id={id}
              value={filters.styleId ?? "all"}
              onChange={(e) => filters.setStyleId(e.target.value === "all" ? null : e.target.value)}
            >
              <option value="all">{t("gallery.allStyles")}</option>
              {sortedStyles.map((s) => (
                <option key={s.id} value={s.id}>
                  {t("gallery.styleCount", {
                    name: lang === "id" ? s.nameId : s.name,
                    count: s.count,
                  })}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("gallery.sortLabel")} className="col-span-2 min-w-0 md:col-span-1">
          {(id) => (
            <NativeSelect
              id={id}
              value={filters.sort}
              onChange={(e) => filters.setSort(e.target.value === "oldest" ? "oldest" : "newest")}
            >
              <option value="newest">{t("gallery.sortNewest")}</option>
              <option value="oldest">{t("gallery.sortOldest")}</option>
            </NativeSelect>
          )}
        </Field>
      </div>

      <InstallPrompt avatar={items.length > 0} />

      {running.length > 0 ? (
        <HeadedSection title={t("gallery.progress.heading")}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
            {running.map((g) => (
              <li key={g.id}>
                <ProgressCard generation={g} styleName={styleName(g)} />
              </li>
            ))}
          </ul>
        </HeadedSection>
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
        filters.filtered ? (
          <EmptyState
            icon={<Search aria-hidden className="size-10 text-muted-foreground" />}
            title={t("gallery.empty.filteredTitle")}
            body={t("gallery.empty.filteredBody")}
            action={
              <Button variant="outline" onClick={filters.clearFilters}>
                {t("gallery.empty.clear")}
              </Button>
            }
          />
        ) : running.length === 0 ? (
          <EmptyState
            icon={<Sparkles aria-hidden className="size-10 text-primary" />}
            title={t("gallery.empty.title")}
            body={t("gallery.empty.body")}
            link={{ href: "/eksplor", label: t("gallery.empty.cta") }}
          />
        ) : null
      ) : (
        <>
          <ul
            aria-label={t("gallery.listLabel")}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
          >
            {items.map((item) => (
              <li key={open.key(item)}>
                <GalleryCard
                  item={item}
                  onOpen={() => open.setKey(open.key(item))}
                  onDownload={() => void download(item)}
                  onShare={() => void share(item)}
                  onShareIntent={() => prefetchShare(item)}
                  onDelete={() => remove.setTarget(item)}
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
        item={open.item}
        index={open.index}
        total={items.length}
        onClose={() => open.setKey(null)}
        onStep={open.step}
        onDownload={(item) => void download(item)}
        onShare={(item) => void share(item)}
        onDelete={remove.setTarget}
      />
      <DeleteDialog
        open={!!remove.target}
        deleting={remove.deleting}
        onOpenChange={(next) => !next && remove.setTarget(null)}
        onConfirm={() => void remove.confirm()}
      />
    </div>
  );
}

function EmptyState({
  icon,
  title,
  body,
  action,
  link,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
  /** The way on as a large link button (instead of `action`). */
  link?: { href: string; label: string };
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
      {icon}
      <h2 className="text-lg font-bold">{title}</h2>
      {body ? <p className="max-w-md text-sm text-muted-foreground">{body}</p> : null}
      {link ? (
        <Button asChild size="lg">
          <PageLink href={link.href}>{link.label}</PageLink>
        </Button>
      ) : (
        action
      )}
    </div>
  );
}
