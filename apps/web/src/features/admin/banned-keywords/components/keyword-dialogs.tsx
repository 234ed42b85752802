import {
  KEYWORD_MAX,
  KEYWORD_REASON_MAX,
  bannedKeywordInputSchema,
  type BannedKeywordInput,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormBody, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { type BannedKeyword, useDeleteKeyword, useSaveKeyword } from "../api";
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
    <Form {...form}>
      <FormBody className="flex flex-col gap-4" onSubmit={submit}>
        <FormRow control={form.control} name="keyword" label={t("keywords.fields.keyword")}>
          {(field) => <Input {...field} maxLength={KEYWORD_MAX} autoComplete="off" />}
        </FormRow>
        <FormRow
          control={form.control}
          name="reason"
          label={t("keywords.fields.reason")}
          hint={t("keywords.fields.reasonHint")}
        >
          {(field) => <Textarea {...field} rows={3} maxLength={KEYWORD_REASON_MAX} />}
        </FormRow>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {keyword ? t("keywords.save") : t("keywords.add")}
          </Button>
        </DialogFooter>
      </FormBody>
    </Form>
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{keyword ? t("keywords.editTitle") : t("keywords.addTitle")}</DialogTitle>
          <DialogDescription>{t("keywords.dialogDescription")}</DialogDescription>
        </DialogHeader>
        {open && (
          <KeywordForm
            key={keyword?.id ?? "new"}
            keyword={keyword}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
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
    <Dialog open={keyword !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("keywords.deleteConfirm")}</DialogTitle>
          <DialogDescription className="break-all">{keyword?.keyword}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              keyword &&
              remove.mutate(keyword.id, {
                onSuccess: () => {
                  toast.success(t("keywords.toast.deleted", { keyword: keyword.keyword }));
                  onOpenChange(false);
                },
                onError: () => toast.error(t("keywords.toast.deleteFailed")),
              })
            }
          >
            {t("keywords.delete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
