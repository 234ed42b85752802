import type { Page } from "@playwright/test";

// Steps shared by journeys against the real server, whatever they are about.

/**
 * Headers for a script's write through `page.request`, as the app's own fetch() sends it: the
 * server takes writes only from Rupa's origin.
 */
export function fromApp(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}
