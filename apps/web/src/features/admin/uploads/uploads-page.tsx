import { AlertTriangle, Inbox } from "lucide-react";
import {
  ADMIN_UPLOADS_SORTABLE,
  adminUploadsQuerySchema,
  sortValues,
  UPLOAD_STATUSES,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminUploads } from "./api";
import { AdminPage } from "../components/admin-page";
import {
  DataTablePagination,
  DataTableToolbar,
  RefreshButton,
  TableFilter,
  TableSearch,
} from "../components/data-table";
import { UploadCard } from "./components/upload-card";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n } from "../lib/admin-i18n";

const SORTS = sortValues(ADMIN_UPLOADS_SORTABLE);

/**
 * Uploads (issue 13, docs/product/admin.md): every uploaded photo as a card with its original and
 * cropped thumbnails, searchable by owner e-mail, filterable by status, paged on the server with
 * the state in the URL. View opens the original while it exists; Delete removes files and row.
 */
export default function UploadsPage() {
  const { t } = useAdminI18n();
  const { state, set } = useTableState(adminUploadsQuerySchema);
  const uploads = useAdminUploads(state);
  const data = uploads.data;
  const filtered = Boolean(state.q || state.status);

  let body;
  if (uploads.isPending) {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-80 w-full rounded-2xl" />
          </li>
        ))}
        <li className="sr-only">{t("common.loading")}</li>
      </ul>
    );
  } else if (uploads.isError && !data) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-border/70 bg-card px-4 py-12 text-center"
      >
        <AlertTriangle aria-hidden className="size-8 text-destructive" />
        <p className="font-semibold">{t("uploads.loadFailed")}</p>
        <Button variant="outline" onClick={() => void uploads.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border/70 bg-card px-4 py-12 text-center text-muted-foreground">
        <Inbox aria-hidden className="size-8" />
        <p data-testid="uploads-empty">{t("uploads.empty")}</p>
        {filtered && (
          <Button variant="outline" onClick={() => set({ q: "", status: undefined })}>
            {t("common.resetFilters")}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <ul
          aria-busy={uploads.isFetching}
          aria-label={t("uploads.title")}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {data.items.map((u) => (
            <UploadCard key={u.id} upload={u} />
          ))}
        </ul>
        <div className="rounded-2xl border border-border/70 bg-card">
          <DataTablePagination
            page={state.page}
            pageSize={state.pageSize}
            total={data.total}
            onPage={(page) => set({ page })}
            onPageSize={(pageSize) => set({ pageSize })}
          />
        </div>
      </div>
    );
  }

  return (
    <AdminPage title={t("uploads.title")} description={t("uploads.description")}>
      <DataTableToolbar>
        <TableSearch
          value={state.q}
          placeholder={t("uploads.searchPlaceholder")}
          onChange={(q) => set({ q }, { replace: true })}
        />
        <TableFilter
          label={t("uploads.statusFilter")}
          value={state.status}
          options={UPLOAD_STATUSES.map((value) => ({
            value,
            label: t(`uploads.statuses.${value}`),
          }))}
          onChange={(status) => set({ status })}
        />
        <Field label={t("uploads.sortLabel")} small className="w-full sm:w-48">
          {(id) => (
            <NativeSelect
              id={id}
              value={state.sort}
              className="text-sm"
              onChange={(e) => {
                const sort = SORTS.find((s) => s === e.target.value);
                if (sort) set({ sort });
              }}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`uploads.sorts.${s}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <RefreshButton onClick={() => void uploads.refetch()} busy={uploads.isFetching} />
      </DataTableToolbar>
      {body}
    </AdminPage>
  );
}
