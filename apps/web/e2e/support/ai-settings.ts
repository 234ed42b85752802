import { expect, type Page } from "@playwright/test";
import { toasts } from "./app";

// Steps in admin › AI settings shared by the journeys that switch the active avatar provider
// (admin-programmes.spec.ts, likeness.spec.ts). Both run in the exclusive project, on its own
// server and one journey at a time: nobody else makes avatars there meanwhile.

type Cfg = { id: string; serviceName: string; isActive: boolean; modelName: string };

/** Every AI configuration as the admin API lists them. */
export async function aiConfigs(admin: Page): Promise<Cfg[]> {
  const res = await admin.request.get("/api/admin/ai-configs");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { configs: Cfg[] }).configs;
}

/** The avatar configuration active now (to restore at the end). */
export async function activeAvatarConfig(admin: Page): Promise<Cfg> {
  const active = (await aiConfigs(admin)).find(
    (c) => c.serviceName === "avatar_generation" && c.isActive,
  );
  expect(active, "an active avatar configuration").toBeTruthy();
  return active!;
}

/** Adds an avatar configuration through the page: its id (the new card is still inactive). */
export async function addAvatarConfig(admin: Page): Promise<string> {
  await admin.goto("/admin/ai-settings");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Pengaturan AI");
  await admin.getByLabel("Layanan", { exact: true }).selectOption("avatar_generation");
  const createdRes = admin.waitForResponse(
    (r) => r.url().endsWith("/api/admin/ai-configs") && r.request().method() === "POST",
  );
  await admin.getByRole("button", { name: "Tambah Konfigurasi" }).click();
  const created = (await (await createdRes).json()) as { config: Cfg };
  await expect(toasts(admin).getByText("Konfigurasi baru ditambahkan")).toBeVisible();
  return created.config.id;
}

/**
 * The journey's end, through the page: the configuration active before is active again and the
 * one the journey added (if any) is deleted; only the previous one is active.
 */
export async function restoreAvatarConfig(
  admin: Page,
  previousId: string,
  addedId: string | null,
): Promise<void> {
  await admin.goto("/admin/ai-settings");
  const previousCard = admin.getByTestId(`ai-config-${previousId}`);
  if ((await previousCard.getByRole("switch").getAttribute("aria-checked")) !== "true") {
    await previousCard.getByRole("switch").click();
    await previousCard.getByRole("button", { name: "Simpan" }).click();
    await expect(previousCard.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  }
  if (addedId) {
    const card = admin.getByTestId(`ai-config-${addedId}`);
    await card.getByRole("button", { name: "Hapus" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Hapus" }).click();
    await expect(card).toHaveCount(0);
  }
  const after = (await aiConfigs(admin)).filter((c) => c.serviceName === "avatar_generation");
  expect(after.filter((c) => c.isActive).map((c) => c.id)).toEqual([previousId]);
}
