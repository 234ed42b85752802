import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { readReferralCode } from "@/lib/referral";
import { useHydrated } from "@/lib/use-hydrated";
import { useAuthProviders } from "../api/account";
import { googleStartUrl } from "../api/google-start";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": goes to the server's Google start (with the stored referral code)
 * when Google is configured; otherwise (or when the providers answer fails) it explains that
 * Google sign-in is under maintenance and points to the e-mail form.
 */
export function GoogleSignInButton({ onUnavailable }: { onUnavailable: () => void }) {
  const { t } = useI18n();
  const providers = useAuthProviders();
  const [leaving, setLeaving] = useState(false);
  const hydrated = useHydrated();

  // Coming back with the browser's back button restores this page from its cache: be usable.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const onClick = () => {
    if (providers.data?.google) {
      setLeaving(true);
      // The stored referral code goes along: a Google sign-up records it like the e-mail form.
      window.location.assign(googleStartUrl(readReferralCode()));
    } else {
      onUnavailable();
    }
  };

  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      onClick={onClick}
      disabled={leaving || !hydrated}
    >
      {leaving ? <Spinner className="size-5" /> : <GoogleMark />}
      {leaving ? t("auth.google.redirecting") : t("auth.google.button")}
    </Button>
  );
}

/**
 * "Continue with Google" and the "or with e-mail" line, only where the server says Google is
 * configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; docs/product/accounts.md): a fresh
 * install shows the e-mail form alone.
 */
export function GoogleSection({ onUnavailable }: { onUnavailable: () => void }) {
  const { t } = useI18n();
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return (
    <>
      <GoogleSignInButton onUnavailable={onUnavailable} />
      <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
        <span aria-hidden className="h-px flex-1 bg-border" />
        {t("auth.actions.orEmail")}
        <span aria-hidden className="h-px flex-1 bg-border" />
      </div>
    </>
  );
}
