import { lazy, Suspense } from "react";
import { useSession } from "@/features/auth/api/me";
import { lazyPreloaded } from "@/components/lazy-preloaded";
import { Skeleton } from "@/components/ui/skeleton";

const SignedInHome = lazy(() => import("./home-signed-in"));

/**
 * The visitor's landing page. The server renders it (entry-server.tsx awaits `Landing.preload()`
 * first: renderToString cannot wait for code); in the browser it loads when a visitor comes
 * back to `/` inside the app.
 */
export const Landing = lazyPreloaded(() => import("./landing").then((module) => module.default));

/** `/`: the landing page for visitors, home/explore for signed-in users. */
export default function HomeRoute() {
  const session = useSession();
  return (
    <Suspense fallback={<Skeleton className="h-56 w-full rounded-3xl" />}>
      {session.status === "user" ? <SignedInHome /> : <Landing />}
    </Suspense>
  );
}
