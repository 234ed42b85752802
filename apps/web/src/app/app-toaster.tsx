import { Suspense, lazy, useSyncExternalStore } from "react";
import { useI18n } from "@/lib/i18n";
import { isToasterRequested, subscribeToToasterRequest } from "@/lib/toast";

const ToasterHost = lazy(() => import("./toaster-host"));

/**
 * Mounts the toaster once the first toast is requested (keeps sonner off the first download):
 * in the app's providers, and in a server-rendered page beside its islands (app/islands.tsx).
 */
export function AppToaster() {
  const { t } = useI18n();
  const requested = useSyncExternalStore(
    subscribeToToasterRequest,
    isToasterRequested,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterHost regionLabel={t("toast.region")} closeLabel={t("toast.close")} />
    </Suspense>
  );
}
