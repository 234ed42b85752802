import type { ComponentProps } from "react";
import { AppToaster } from "./app-toaster";

/**
 * The auth page island's code, one step removed (as pas-foto-checker-island.ts): app/islands.tsx,
 * which every server-rendered page downloads, names only this module, and this module the page.
 * On the server's page the island brings the toaster its forms' messages need (the app has its
 * own, app/providers.tsx).
 */
export const loadAuthPage = () =>
  import("@/features/auth/components/auth-page").then(({ AuthPage }) => {
    const AuthPageIsland = (props: ComponentProps<typeof AuthPage>) => (
      <>
        <AuthPage {...props} />
        <AppToaster />
      </>
    );
    return AuthPageIsland;
  });
