import { Coins, Eye, MoreHorizontal, PlusCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { AdminUser } from "../api";
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("users.actionsFor", { email: user.email })}
        >
          <MoreHorizontal aria-hidden className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
