import { useEffect } from "react";
import { useLocation, useNavigate } from "@/lib/router";
import { captureReferral } from "./referral";

/**
 * On every page: a `?ref=<code>` parameter is stored for the session and removed from the
 * address bar (other parameters, the hash and history state are kept). Mount once, at the root.
 */
export function useReferralCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const search = captureReferral(location.search);
    if (search === null) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state, keepScroll: true },
    );
  }, [location, navigate]);
}
