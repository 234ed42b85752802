import { Outlet, useLocation } from "@/lib/router";
import { useMe, useSession } from "@/features/auth/api/me";
import { useSignOut } from "@/features/auth/use-sign-out";
import { Island } from "@/components/island";
import { BottomNav } from "@/features/navigation/components/bottom-nav";
import { MainSidebar } from "@/features/navigation/components/main-sidebar";
import { MobileHeader } from "@/features/navigation/components/mobile-header";
import type { NavSession } from "@/features/navigation/nav-session";
import { useRewardNews } from "@/features/referrals/hooks/use-reward-news";
import { SettingSlotIsland } from "./setting-slot-island";
import { SkipLink } from "./skip-link";

/** The account as the navigation shows it. */
function useNavSession(): NavSession {
  const session = useSession();
  if (session.status !== "user") return { kind: session.status };
  const { credits, role } = session.user;
  return {
    kind: "user",
    credits: credits.balance,
    watermarkedOnly: credits.watermarkedOnly,
    isAdmin: role === "admin",
  };
}

/** User pages: left sidebar from 768px, top header and bottom bar below. */
export function AppLayout() {
  const signOut = useSignOut();
  const session = useNavSession();
  const { pathname } = useLocation();
  // A referral reward paid since this device last heard: announced on any page.
  useRewardNews(useMe().data);
  // Visitors at / get the landing page, which brings its own header, <main> and footer.
  if (pathname === "/" && session.kind !== "user") {
    return (
      <>
        <SkipLink />
        <Outlet />
      </>
    );
  }
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <MainSidebar session={session} onSignOut={signOut} />
      <MobileHeader session={session} />
      <div className="md:pl-64">
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] outline-none sm:px-6 md:px-10 md:pt-12 md:pb-16"
        >
          <Outlet />
        </main>
      </div>
      <BottomNav
        setting={<Island name="setting-slot" component={SettingSlotIsland} props={{ session }} />}
      />
    </div>
  );
}
