import type { Page } from "@playwright/test";

// For journeys about the shell (layouts, navigation) rather than accounts: the browser is told
// it has a session by answering GET /api/account/me itself. The server still refuses every
// admin or user API call without a real session; accounts.spec.ts covers the real flow.

export type MockRole = "user" | "admin";

export function mockUser(role: MockRole, credits = 5) {
  return {
    id: `mock-${role}`,
    email: `${role}@rupa.test`,
    fullName: role === "admin" ? "Admin Rupa" : "Siti Rahma",
    phone: "+6281234567890",
    preferredLanguage: "id",
    emailVerified: true,
    role,
    totalGenerations: 0,
    referralCode: `MOCK${role.toUpperCase()}`,
    createdAt: "2026-11-21T00:00:00.000Z",
    credits: { balance: credits, watermarkedOnly: true, nextExpiry: null },
  };
}

/**
 * Answers /api/account/me with a signed-in user of `role` until the app signs out
 * (POST /api/account/sign-out is answered here too), then with no user.
 */
export async function mockSession(page: Page, role: MockRole): Promise<void> {
  let signedIn = true;
  // The account remembers what the profile save sent, as the real server does.
  let preferredLanguage = "id";
  const user = () => ({ ...mockUser(role), preferredLanguage });
  await page.route("**/api/account/me", (route) =>
    route.fulfill({ json: { user: signedIn ? user() : null } }),
  );
  await page.route("**/api/account/sign-out", (route) => {
    signedIn = false;
    return route.fulfill({ json: { ok: true } });
  });
  // A language toggle saves the choice to the (mocked) account.
  await page.route("**/api/account/profile", (route) => {
    const body = route.request().postDataJSON() as { preferredLanguage?: string } | null;
    if (body?.preferredLanguage === "en" || body?.preferredLanguage === "id") {
      preferredLanguage = body.preferredLanguage;
    }
    return route.fulfill({ json: { user: user() } });
  });
}
