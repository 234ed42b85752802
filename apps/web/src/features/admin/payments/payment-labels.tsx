import type { OrderState } from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { useAdminI18n, type AdminMessageKey } from "../lib/admin-i18n";

/** An order's state as a badge: paid stands out, refunded and failed are quiet. */
export function StateBadge({ state }: { state: OrderState }) {
  const { t } = useAdminI18n();
  return (
    <Badge variant={state === "paid" ? "accent" : "outline"} data-state={state}>
      {t(`payments.states.${state}`)}
    </Badge>
  );
}

/** `qris` → "QRIS"; an unknown method as sent; none chosen yet as such. */
export function useMethodName() {
  const { t, has } = useAdminI18n();
  return (method: string | null) => {
    if (!method) return t("payments.methods.none");
    const key = `payments.methods.${method}`;
    return has(key) ? t(key as AdminMessageKey) : method;
  };
}
