import type { ComponentProps } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { TitledDialog } from "@/components/ui/dialog";
import { useAdminI18n } from "../lib/admin-i18n";

/** An admin dialog: the shared TitledDialog, its corner close button named in the admin's words. */
export function AdminDialog(props: Omit<ComponentProps<typeof TitledDialog>, "closeLabel">) {
  const { t } = useAdminI18n();
  return <TitledDialog closeLabel={t("common.close")} {...props} />;
}

/** An admin confirmation: the shared ConfirmDialog, its close and cancel in the admin's words. */
export function AdminConfirm(
  props: Omit<ComponentProps<typeof ConfirmDialog>, "closeLabel" | "cancelLabel">,
) {
  const { t } = useAdminI18n();
  return (
    <ConfirmDialog closeLabel={t("common.close")} cancelLabel={t("common.cancel")} {...props} />
  );
}
