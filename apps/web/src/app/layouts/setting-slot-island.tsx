import { useSignOut } from "@/features/auth/use-sign-out";
import { SettingSlot } from "@/features/navigation/components/setting-slot";
import type { NavSession } from "@/features/navigation/nav-session";

/**
 * The bottom bar's Setting entry, an island of a server-rendered page (docs/decisions/026): it
 * signs out with its own hook there, outside the app layout.
 */
export function SettingSlotIsland({ session }: { session: NavSession }) {
  const onSignOut = useSignOut();
  return <SettingSlot session={session} onSignOut={onSignOut} />;
}
