import { request, type FullConfig } from "@playwright/test";
import { adminState, DEMO_ADMIN, PHOTO_CONSENT } from "./support/app";

/**
 * Once per run, after the test servers are up and before any journey: on each server (the
 * journeys' and the exclusive journeys' own) the demo admin signs in and the session is saved
 * (adminState). Journeys about the admin's pages, not about signing in, start from it (asAdmin,
 * adminPage) instead of signing in again each time; the sign-in form itself is proved by the
 * journeys about it (accounts, admin-language, shell).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const servers = new Set(config.projects.map((project) => project.use.baseURL!));
  await Promise.all([...servers].map(signInAdmin));
}

async function signInAdmin(baseURL: string): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post("/api/account/sign-in", { data: DEMO_ADMIN });
  if (!res.ok()) throw new Error(`the demo admin could not sign in: ${res.status()}`);
  // The admin's journeys upload photos: the photo consent is on record, as after the dialog.
  const agreed = await api.post("/api/privacy/consent", { data: { version: PHOTO_CONSENT } });
  if (!agreed.ok()) throw new Error(`the demo admin's photo consent failed: ${agreed.status()}`);
  await api.storageState({ path: adminState(baseURL) });
  await api.dispose();
}
