import { LIKENESS_QUALITY_GROUPS, type LikenessQualityGroup } from "@rupa/shared";
import { useMemo } from "react";
import { ListTable, type ListColumn } from "../../components/data-table";
import { Panel } from "../../components/stat-card";
import { ToggleGroup } from "../../components/toggle-group";
import { useAdminI18n } from "../../lib/admin-i18n";
import { likenessFigures } from "../../lib/likeness-quality";
import type { LikenessQualityRow, useLikenessQuality } from "../api";

/** `?by=` as one of the groupings; anything else is per model. */
export function parseGroup(value: string | null): LikenessQualityGroup {
  return (LIKENESS_QUALITY_GROUPS as readonly string[]).includes(value ?? "")
    ? (value as LikenessQualityGroup)
    : "model";
}

/**
 * "Kualitas kemiripan" (Garansi Mirip, ADR 038): the range's checked results per provider and
 * model or per style (`?by=`), the most checked first, with the median score and the redo and
 * refund rates; the range's totals above the table.
 */
export function LikenessQualityPanel({
  quality,
  by,
  onGroupChange,
}: {
  quality: ReturnType<typeof useLikenessQuality>;
  by: LikenessQualityGroup;
  onGroupChange: (by: LikenessQualityGroup) => void;
}) {
  const { t, lang } = useAdminI18n();
  const data = quality.data;

  const columns = useMemo<ListColumn<LikenessQualityRow>[]>(() => {
    const figure = (key: "checked" | "median" | "redo" | "refund") => (row: LikenessQualityRow) => (
      <span data-testid={`likeness-${key}`}>{likenessFigures(row, lang)[key]}</span>
    );
    return [
      {
        id: "group",
        header: t(
          by === "style" ? "analytics.likeness.columns.style" : "analytics.likeness.columns.model",
        ),
        cell: (row) =>
          row.style ? (
            <span className="font-medium">{lang === "en" ? row.style.name : row.style.nameId}</span>
          ) : (
            <span className="flex flex-col">
              <span className="font-medium break-all">
                {row.modelName || t("analytics.likeness.noModel")}
              </span>
              <span className="text-xs text-muted-foreground">
                {row.provider ? t(`aiSettings.providers.${row.provider}`) : ""}
              </span>
            </span>
          ),
      },
      {
        id: "checked",
        header: t("analytics.likeness.columns.checked"),
        className: "text-right tabular-nums",
        cell: figure("checked"),
      },
      {
        id: "median",
        header: t("analytics.likeness.columns.median"),
        className: "text-right tabular-nums",
        cell: figure("median"),
      },
      {
        id: "redo",
        header: t("analytics.likeness.columns.redo"),
        className: "text-right tabular-nums",
        cell: figure("redo"),
      },
      {
        id: "refund",
        header: t("analytics.likeness.columns.refund"),
        className: "text-right tabular-nums",
        cell: figure("refund"),
      },
    ];
  }, [by, lang, t]);

  const total = data && likenessFigures(data.total, lang);
  return (
    <Panel title={t("analytics.likeness.title")} description={t("analytics.likeness.description")}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <ToggleGroup
          label={t("analytics.likeness.groupLabel")}
          options={LIKENESS_QUALITY_GROUPS.map((g) => ({
            value: g,
            label: t(`analytics.likeness.groups.${g}`),
          }))}
          value={by}
          onChange={onGroupChange}
        />
        {total && data.total.checked > 0 && (
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="likeness-total">
            {t("analytics.likeness.total", total)}
          </p>
        )}
      </div>
      <div aria-busy={quality.isFetching} data-testid="likeness-quality">
        <ListTable
          caption={t("analytics.likeness.title")}
          columns={columns}
          rows={data?.rows}
          loading={quality.isFetching}
          error={quality.isError ? t("analytics.likeness.loadFailed") : null}
          onRetry={() => void quality.refetch()}
          emptyText={t("analytics.likeness.empty")}
          rowTestId="likeness-row"
        />
      </div>
    </Panel>
  );
}
