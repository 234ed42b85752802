import {
  KEYWORD_MAX,
  KEYWORD_REASON_MAX,
  bannedKeywordInputSchema,
  type BannedKeywordInput,
} from "@rupa/shared";
import { FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { AdminConfirm, AdminDialog } from "../../components/admin-dialogs";
import { type BannedKeyword, useDeleteKeyword, useSaveKeyword } from "../api";
import { DialogForm } from "../../components/dialog-form";
import { ReasonRow } from "../../components/reason-row";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { topLevelFields, useSchemaForm, type SchemaFormRules } from "../../lib/form";

type Values = { keyword: string; reason: string };

const keywordRules = (t: AdminTranslate): SchemaFormRules<Values, BannedKeywordInput> => ({
  schema: bannedKeywordInputSchema,
  toBody: (values) => values,
  fieldOf: topLevelFields<Values>(["keyword", "reason"]),
  message: (field, issue) =>
    field === "keyword" && issue.code === "too_small"
      ? t("keywords.required")
      : t("common.fieldInvalid"),
});

function KeywordForm({ keyword, onDone }: { keyword: BannedKeyword | null; onDone: () => void }) {
  const { t } = useAdminI18n();
  const save = useSaveKeyword();
  const { form, showServerIssues } = useSchemaForm(keywordRules, {
    defaultValues: { keyword: keyword?.keyword ?? "", reason: keyword?.reason ?? "" },
  });

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: keyword?.id ?? null, body },
      {
        onSuccess: ({ keyword: saved }) => {
          toast.success(
            t(keyword ? "keywords.toast.updated" : "keywords.toast.added", {
              keyword: saved.keyword,
            }),
          );
          onDone();
        },
        onError: (err) => {
          const duplicate = isApiError(err) && err.status === 409;
          if (duplicate) form.setError("keyword", { message: t("keywords.duplicate") });
          else showServerIssues(err);
          toast.error(duplicate ? t("keywords.duplicate") : t("keywords.toast.saveFailed"));
        },
      },
    ),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={keyword ? t("keywords.save") : t("keywords.add")}
      submitDisabled={save.isPending}
    >
      <FormRow control={form.control} name="keyword" label={t("keywords.fields.keyword")}>
        {(field) => <Input {...field} maxLength={KEYWORD_MAX} autoComplete="off" />}
      </FormRow>
      <ReasonRow
        control={form.control}
        label={t("keywords.fields.reason")}
        hint={t("keywords.fields.reasonHint")}
        maxLength={KEYWORD_REASON_MAX}
      />
    </DialogForm>
  );
}

/** Add a keyword (`keyword` null) or edit one; open while `open`. */
export function KeywordDialog({
  open,
  keyword,
  onOpenChange,
}: {
  open: boolean;
  keyword: BannedKeyword | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={keyword ? t("keywords.editTitle") : t("keywords.addTitle")}
      description={t("keywords.dialogDescription")}
    >
      <KeywordForm
        key={keyword?.id ?? "new"}
        keyword={keyword}
        onDone={() => onOpenChange(false)}
      />
    </AdminDialog>
  );
}

/** "Are you sure you want to delete this keyword?" */
export function DeleteKeywordDialog({
  keyword,
  onOpenChange,
}: {
  keyword: BannedKeyword | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  const remove = useDeleteKeyword();
  return (
    <AdminConfirm
      open={keyword !== null}
      onOpenChange={onOpenChange}
      title={t("keywords.deleteConfirm")}
      description={keyword?.keyword}
      classNames={{ description: "break-all" }}
      confirmLabel={t("keywords.delete")}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        keyword &&
        remove.mutate(keyword.id, {
          onSuccess: () => {
            toast.success(t("keywords.toast.deleted", { keyword: keyword.keyword }));
            onOpenChange(false);
          },
          onError: () => toast.error(t("keywords.toast.deleteFailed")),
        })
      }
    />
  );
}
