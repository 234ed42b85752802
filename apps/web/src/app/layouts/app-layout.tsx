import { Outlet } from "react-router";
import { useSignOut } from "@/features/auth/sign-out";
import { BottomNav } from "@/features/navigation/components/bottom-nav";
import { MainSidebar } from "@/features/navigation/components/main-sidebar";
import { MobileHeader } from "@/features/navigation/components/mobile-header";
import { preloadRoute } from "../route-modules";
import { SkipLink } from "./skip-link";

/** User pages: left sidebar from 768px, top header and bottom bar below. */
export function AppLayout() {
  const signOut = useSignOut();
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <MainSidebar onSignOut={signOut} onIntent={preloadRoute} />
      <MobileHeader />
      <div className="md:pl-64">
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] outline-none sm:px-6 md:px-10 md:pt-12 md:pb-16"
        >
          <Outlet />
        </main>
      </div>
      <BottomNav onSignOut={signOut} onIntent={preloadRoute} />
    </div>
  );
}
