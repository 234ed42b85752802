import { Coins, Eye, PlusCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import type { AdminUser } from "../api";
import { RowActions } from "../../components/data-table";
import { useAdminI18n } from "../../lib/admin-i18n";

/** A row's actions: role, "add 5 credits", "set credits", details. */
export function UserActionsMenu({
  user,
  onRole,
  onAddFive,
  onSetCredits,
  onView,
}: {
  user: AdminUser;
  onRole: () => void;
  onAddFive: () => void;
  onSetCredits: () => void;
  onView: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <RowActions
      label={t("users.actionsFor", { email: user.email })}
      iconClassName="size-5"
      modal={false}
    >
      <DropdownMenuItem onSelect={onView}>
        <Eye aria-hidden />
        {t("users.viewDetails")}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onAddFive}>
        <PlusCircle aria-hidden />
        {t("users.addFive")}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onSetCredits}>
        <Coins aria-hidden />
        {t("users.setCredits")}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      {user.role === "admin" ? (
        <DropdownMenuItem variant="destructive" onSelect={onRole}>
          <ShieldOff aria-hidden />
          {t("users.makeMember")}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem onSelect={onRole}>
          <ShieldCheck aria-hidden />
          {t("users.makeAdmin")}
        </DropdownMenuItem>
      )}
    </RowActions>
  );
}
