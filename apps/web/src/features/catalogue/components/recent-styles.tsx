import type { StyleSort } from "@rupa/shared";
import { useMemo, useSyncExternalStore } from "react";
import { HeadedSection } from "@/components/headed-section";
import { useI18n } from "@/lib/i18n";
import { getRecentStyles, type StoredStyle } from "@/lib/selected-style";
import { useStyles } from "@/lib/styles-api";
import { StyleCard, type CardStyle } from "./style-card";

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

/** What a stored style shows when the list does not know it (any more). */
function storedSummary(item: StoredStyle): CardStyle {
  return {
    id: item.id,
    name: item.name,
    nameId: item.name,
    category: "more_styles",
    isPremium: item.isPremium,
    preview: item.imageUrl
      ? { card: item.imageUrl, full: item.imageUrl, width: 300, height: 375 }
      : null,
  };
}

/**
 * The explore page's "Recently used" strip, from this browser's storage. An island of a
 * visitor's server-rendered /eksplor (docs/decisions/029): the server has no storage, so the
 * page arrives without it and shows it once hydrated. Its cards open like the grid's.
 */
export function RecentStyles({ sort }: { sort: StyleSort }) {
  const { t, lang } = useI18n();
  const recent = useSyncExternalStore(subscribeToNothing, readRecent, () => NO_RECENT);
  const styles = useStyles(sort, lang);
  const byId = useMemo(
    () => new Map((styles.data ?? []).map((style) => [style.id, style])),
    [styles.data],
  );
  if (recent.length === 0) return null;
  return (
    <HeadedSection title={t("catalogue.recentTitle")}>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {recent.map((item) => (
          <li key={item.id} className="w-32 shrink-0 snap-start sm:w-36">
            <StyleCard style={byId.get(item.id) ?? storedSummary(item)} section="recent" />
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
