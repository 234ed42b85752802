import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormBody } from "@/components/ui/form";
import { useAdminI18n } from "../lib/admin-i18n";

/**
 * The form of an admin dialog (inside an AdminDialog): its fields, then Cancel and the submit
 * button. `form` comes from useSchemaForm (features/admin/lib/form.ts); `onSubmit` is usually
 * `form.handleSubmit(…)`.
 */
export function DialogForm<V extends FieldValues, Body>({
  form,
  onSubmit,
  onCancel,
  submitLabel,
  submitDisabled,
  className = "flex flex-col gap-4",
  children,
}: {
  form: UseFormReturn<V, unknown, Body>;
  onSubmit: ComponentProps<typeof FormBody>["onSubmit"];
  onCancel: () => void;
  submitLabel: string;
  submitDisabled: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useAdminI18n();
  return (
    <Form {...form}>
      <FormBody className={className} onSubmit={onSubmit}>
        {children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </FormBody>
    </Form>
  );
}
