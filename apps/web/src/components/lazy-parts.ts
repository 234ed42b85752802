import { lazyShown } from "./lazy-shown";

// The parts several pages show on a condition, each loaded the first time it is shown
// (lazy-shown.tsx): a page imports them from here, never from their own modules.

export const SignUpDialog = lazyShown(async () => (await import("./sign-up-dialog")).SignUpDialog);

export const OutOfCreditsDialog = lazyShown(
  async () => (await import("./out-of-credits-dialog")).OutOfCreditsDialog,
);

/** The install offer, once the screen shows an avatar. */
export const InstallPrompt = lazyShown(
  async () => (await import("./install-prompt")).InstallPrompt,
  ({ avatar }) => avatar,
);
