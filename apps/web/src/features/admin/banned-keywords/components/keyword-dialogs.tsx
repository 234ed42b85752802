import { useMemo } from "react";
import { useForm } from "react-hook-form";
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
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { type BannedKeyword, useDeleteKeyword, useSaveKeyword } from "../api";
import { useAdminI18n } from "../../lib/admin-i18n";
import { schemaResolver, setServerIssues, topLevelFields } from "../../lib/form";
import { fieldIssueText } from "../../lib/server-codes";

type Values = { keyword: string; reason: string };
const fieldOf = topLevelFields<Values>(["keyword", "reason"]);

function KeywordForm({ keyword, onDone }: { keyword: BannedKeyword | null; onDone: () => void }) {
  const { t, has } = useAdminI18n();
  const save = useSaveKeyword();
  const resolver = useMemo(
    () =>
      schemaResolver<Values, BannedKeywordInput>({
        schema: bannedKeywordInputSchema,
        toBody: (values) => values,
        fieldOf,
        message: (field, issue) =>
          field === "keyword" && issue.code === "too_small"
            ? t("keywords.required")
            : t("common.fieldInvalid"),
      }),
    [t],
  );
  const form = useForm<Values, unknown, BannedKeywordInput>({
    resolver,
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
          else
            setServerIssues(form.setError, err, fieldOf, (issue) =>
              fieldIssueText(issue, { t, has }),
            );
          toast.error(duplicate ? t("keywords.duplicate") : t("keywords.toast.saveFailed"));
        },
      },
    ),
  );

  return (
    <Form {...form}>
      <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <FormField
          control={form.control}
          name="keyword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("keywords.fields.keyword")}</FormLabel>
              <FormControl>
                <Input {...field} maxLength={KEYWORD_MAX} autoComplete="off" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("keywords.fields.reason")}</FormLabel>
              <FormControl>
                <Textarea {...field} rows={3} maxLength={KEYWORD_REASON_MAX} />
              </FormControl>
              <FormDescription>{t("keywords.fields.reasonHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {keyword ? t("keywords.save") : t("keywords.add")}
          </Button>
        </DialogFooter>
      </form>
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
