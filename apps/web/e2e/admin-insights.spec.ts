import { expect, test, type Page } from "@playwright/test";
import {
  generateButton,
  openGenerator,
  pickStyle,
  signUpAndSignIn,
  uploadPortrait,
} from "./support/generator";
import { adminPage, DESKTOP, PHONE, h1, toasts } from "./support/app";

// The admin Dashboard, Analytics and Uploads against the real server: a member uploads a photo
// and makes an avatar; the demo admin (its saved session) sees the real figures (the same
// as the API's, never hard-coded: other journeys add users too), reads the charts and the top
// styles, finds the member's upload by e-mail and deletes it.

test.use({ viewport: DESKTOP });

type Dashboard = {
  totals: { users: number; results: number; activeStyles: number; creditsUsed: number };
  health: "healthy" | "error";
};

async function statValue(page: Page, testId: string): Promise<number> {
  const card = page.getByTestId(testId);
  await expect(card).toHaveAttribute("data-value", /\d+/);
  return Number(await card.getAttribute("data-value"));
}

test("the admin sees real figures, reads the charts and deletes a member's upload", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  // A member uploads a portrait and makes one avatar.
  const email = await signUpAndSignIn(page);
  const style = await pickStyle(page.request);
  await openGenerator(page, style);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });

  const admin = await adminPage(browser, { viewport: DESKTOP });

  // Dashboard: the figures are the API's (which already count the member and the avatar).
  const before = (await (await admin.request.get("/api/admin/dashboard")).json()) as Dashboard;
  expect(before.totals.users).toBeGreaterThanOrEqual(2);
  expect(before.totals.results).toBeGreaterThanOrEqual(1);
  await admin.goto("/admin");
  await expect(h1(admin)).toHaveText("Dashboard");
  const users = await statValue(admin, "stat-users");
  const results = await statValue(admin, "stat-results");
  expect(users).toBeGreaterThanOrEqual(before.totals.users);
  expect(results).toBeGreaterThanOrEqual(before.totals.results);
  expect(await statValue(admin, "stat-active-styles")).toBe(before.totals.activeStyles);
  expect(await statValue(admin, "stat-credits-used")).toBeGreaterThanOrEqual(1);
  await expect(admin.getByTestId("stat-users")).toContainText("Pengguna");
  await expect(admin.getByTestId("health-badge")).toHaveText(
    before.health === "healthy" ? /Sehat/ : /Ada Masalah/,
  );
  // The member's avatar is among the newest, with its style and owner.
  const recent = admin.getByTestId("recent-results");
  await expect(recent.getByText(email).first()).toBeVisible();
  await expect(recent.getByText(style.nameId).first()).toBeVisible();
  // Today's bar counts the avatar; its value is written as text, not only drawn.
  const weekBars = admin.getByRole("list", { name: "Generasi per hari" }).getByTestId("daily-bar");
  await expect(weekBars).toHaveCount(7);
  expect(Number(await weekBars.last().getAttribute("data-value"))).toBeGreaterThanOrEqual(1);
  await expect(admin.getByTestId("top-styles")).toContainText(/#1 .+\d+ generasi/);
  await admin.getByRole("button", { name: "Muat ulang" }).click();
  await expect(admin.getByTestId("stat-users")).toHaveAttribute("data-value", /\d+/);

  // Analytics: totals, 7 daily bars per chart, top styles; 30 days is kept in the URL.
  await admin.getByRole("link", { name: "Analitik" }).first().click();
  await expect(h1(admin)).toHaveText("Analitik");
  expect(await statValue(admin, "total-generations")).toBeGreaterThanOrEqual(1);
  expect(await statValue(admin, "total-uploads")).toBeGreaterThanOrEqual(1);
  const gens = admin.getByRole("list", { name: "Generasi per hari" }).getByTestId("daily-bar");
  const ups = admin.getByRole("list", { name: "Unggahan per hari" }).getByTestId("daily-bar");
  await expect(gens).toHaveCount(7);
  await expect(ups).toHaveCount(7);
  await expect(ups.last()).toContainText(/Unggahan|: [1-9]/);
  expect(Number(await ups.last().getAttribute("data-value"))).toBeGreaterThanOrEqual(1);
  const top = admin.getByTestId("top-styles");
  await expect(top).toContainText(`#1`);
  await expect(top).toContainText(/\d+ generasi/);
  await admin.getByRole("button", { name: "30 hari" }).click();
  await expect(admin).toHaveURL(/\/admin\/analytics\?range=30$/);
  await expect(gens).toHaveCount(30);
  await expect(admin.getByRole("button", { name: "30 hari" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await admin.reload();
  await expect(gens).toHaveCount(30);
  // The chart can be read as a table too.
  await admin.getByText("Tampilkan sebagai tabel").first().click();
  await expect(admin.getByRole("table", { name: "Generasi per hari" })).toBeVisible();

  // Uploads: find the member's photo by e-mail, look at it, delete it.
  await admin.goto("/admin/uploads");
  await expect(h1(admin)).toHaveText("Unggahan");
  await admin.getByPlaceholder("Cari email pemilik…").fill(email);
  await expect(admin).toHaveURL(/q=/);
  const card = admin.getByTestId("upload-card").filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("upload-status")).toHaveText("Selesai");
  await expect(card.getByRole("img", { name: "Asli" })).toBeVisible();
  await expect(card.getByRole("img", { name: "Potongan" })).toBeVisible();
  const view = card.getByRole("link", { name: /Lihat|Buka foto asli/ });
  await expect(view).toHaveAttribute("target", "_blank");
  const href = await view.getAttribute("href");
  expect(href).toMatch(/^\/api\/files\/user-uploads\/u-/);
  const original = await admin.request.get(href!);
  expect(original.status()).toBe(200);
  expect(original.headers()["content-type"]).toBe("image/jpeg");
  // The member's own upload is not someone else's business: the status filter narrows too.
  await admin.getByLabel("Status").selectOption("failed");
  await expect(admin.getByTestId("uploads-empty")).toHaveText("Tidak ada unggahan");
  await admin.getByLabel("Status").selectOption("completed");
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: /Hapus unggahan milik/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Hapus unggahan ini?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Hapus unggahan" }).click();
  await expect(toasts(admin).getByText("Unggahan berhasil dihapus")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(admin.getByTestId("uploads-empty")).toHaveText("Tidak ada unggahan");
  expect((await admin.request.get(href!)).status()).toBe(404);

  // The audit trail names the admin and the deleted upload (in its table: the Action filter
  // lists the same name).
  await admin.goto("/admin/audit?entityType=upload");
  const trail = admin.getByRole("table");
  await expect(trail.getByText("Unggahan dihapus", { exact: true }).first()).toBeVisible();
  await expect(trail.getByText("admin@rupa.test").first()).toBeVisible();

  // At 360 px the pages fit the phone (nothing scrolls sideways).
  await admin.setViewportSize(PHONE);
  for (const path of ["/admin", "/admin/analytics?range=90", "/admin/uploads"]) {
    await admin.goto(path);
    await expect(h1(admin)).toBeVisible();
    await admin.waitForLoadState("networkidle");
    expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth), path).toBe(360);
  }
  await admin.context().close();
});
