import { Suspense, lazy, useSyncExternalStore } from "react";
import { isConsentRequested, subscribeToConsent } from "@/lib/photo-consent";

const ConsentHost = lazy(() => import("./consent-host"));

/**
 * Mounts the photo consent dialog once an upload first asks for it (lib/photo-consent.ts): its
 * code stays out of every page's first load.
 */
export function ConsentMount() {
  const requested = useSyncExternalStore(subscribeToConsent, isConsentRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ConsentHost />
    </Suspense>
  );
}
