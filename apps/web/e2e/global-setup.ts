import { request, type FullConfig } from "@playwright/test";
import { ADMIN_STATE, DEMO_ADMIN, PHOTO_CONSENT } from "./support/app";

/**
 * Once per run, after the test server is up and before any journey: the demo admin signs in and
 * the session is saved (ADMIN_STATE). Journeys about the admin's pages, not about signing in,
 * start from it (asAdmin, adminPage) instead of signing in again each time; the sign-in form
 * itself is proved by the journeys about it (accounts, admin-language, shell).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post("/api/account/sign-in", { data: DEMO_ADMIN });
  if (!res.ok()) throw new Error(`the demo admin could not sign in: ${res.status()}`);
  // The admin's journeys upload photos: the photo consent is on record, as after the dialog.
  const agreed = await api.post("/api/privacy/consent", { data: { version: PHOTO_CONSENT } });
  if (!agreed.ok()) throw new Error(`the demo admin's photo consent failed: ${agreed.status()}`);
  await api.storageState({ path: ADMIN_STATE });
  await api.dispose();
}
