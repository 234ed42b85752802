import { useEffect, useRef } from "react";
import { useSearchParams } from "@/lib/router";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";

/**
 * The confirmation link signs in and lands on `/eksplor?welcome=1` (or `welcome=referred` for a
 * member a friend invited; docs/product/accounts.md): the welcome, and the friend's welcome, once.
 * The parameter then leaves the address, so a reload says nothing again.
 */
export function useWelcome(): void {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  const welcome = params.get("welcome");

  useEffect(() => {
    if (done.current || (welcome !== "1" && welcome !== "referred")) return;
    done.current = true;
    toast.success(t("auth.toasts.confirmedTitle"), {
      description: t("auth.toasts.confirmedBody"),
    });
    if (welcome === "referred")
      toast.success(t("auth.toasts.welcomeTitle"), { description: t("auth.toasts.welcomeBody") });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("welcome");
        return next;
      },
      { replace: true, keepScroll: true },
    );
  }, [welcome, t, setParams]);
}
