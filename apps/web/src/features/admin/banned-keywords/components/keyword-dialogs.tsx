import { useId, useState, type FormEvent } from "react";
import { KEYWORD_MAX, KEYWORD_REASON_MAX } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { type BannedKeyword, useDeleteKeyword, useSaveKeyword } from "../api";
import { useAdminI18n } from "../../lib/admin-i18n";
import { FormField } from "../../components/form-field";

function KeywordForm({ keyword, onDone }: { keyword: BannedKeyword | null; onDone: () => void }) {
  const { t } = useAdminI18n();
  const save = useSaveKeyword();
  const id = useId();
  const [text, setText] = useState(keyword?.keyword ?? "");
  const [reason, setReason] = useState(keyword?.reason ?? "");
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setError(t("keywords.required"));
      return;
    }
    save.mutate(
      { id: keyword?.id ?? null, body: { keyword: text, reason } },
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
          if (duplicate) setError(t("keywords.duplicate"));
          toast.error(duplicate ? t("keywords.duplicate") : t("keywords.toast.saveFailed"));
        },
      },
    );
  }

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <FormField id={`${id}-keyword`} label={t("keywords.fields.keyword")} error={error}>
        <Input
          id={`${id}-keyword`}
          value={text}
          maxLength={KEYWORD_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-keyword-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <FormField
        id={`${id}-reason`}
        label={t("keywords.fields.reason")}
        hint={t("keywords.fields.reasonHint")}
      >
        <Textarea
          id={`${id}-reason`}
          value={reason}
          rows={3}
          maxLength={KEYWORD_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {keyword ? t("keywords.save") : t("keywords.add")}
        </Button>
      </DialogFooter>
    </form>
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
