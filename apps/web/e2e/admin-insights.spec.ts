import { expect, test, type Page } from "@playwright/test";
import { generateWith, pasFotoStyle, signUpAndSignIn } from "./support/generator";
import { adminPage, DESKTOP, PHONE, h1, toasts } from "./support/app";

// The admin Dashboard, Analytics and Uploads against the real server: a member uploads a photo
// and makes a pas foto (a style Garansi Mirip checks); the demo admin (its saved session) sees the real figures (the same
// as the API's, never hard-coded: other journeys add users too), reads the charts and the top
// styles and Garansi Mirip's quality table (per model, then per style, kept in the URL), finds the
// member's upload by e-mail and deletes it.

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

  // A member uploads a portrait and makes one pas foto: its likeness is checked.
  const email = await signUpAndSignIn(page);
  const style = await pasFotoStyle(page);
  await generateWith(page, style);

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

  // Kualitas kemiripan (Garansi Mirip): the range's checked results as the API counts them (the
  // member's pas foto among them), per provider and model; without any, the table would say so.
  type Quality = {
    total: { checked: number };
    rows: { checked: number; modelName: string | null; style: { nameId: string } | null }[];
  };
  const likeness = async (by: string) =>
    (await (
      await admin.request.get(`/api/admin/analytics/likeness?days=30&by=${by}`)
    ).json()) as Quality;
  const quality = admin.getByTestId("likeness-quality");
  const qualityRows = quality.getByTestId("likeness-row");
  await expect(admin.getByRole("heading", { name: "Kualitas kemiripan" })).toBeVisible();
  const byModel = await likeness("model");
  expect(byModel.total.checked).toBeGreaterThanOrEqual(1);
  await expect(qualityRows).toHaveCount(byModel.rows.length);
  await expect(qualityRows.first().getByTestId("likeness-checked")).toHaveText(
    String(byModel.rows[0]!.checked),
  );
  await expect(qualityRows.first()).toContainText(byModel.rows[0]!.modelName!);
  await expect(admin.getByTestId("likeness-total")).toContainText(`${byModel.total.checked} dicek`);
  // Per style: kept in the URL across a reload.
  const perStyle = admin.getByRole("button", { name: "Gaya", exact: true });
  await perStyle.click();
  await expect(admin).toHaveURL(/\/admin\/analytics\?range=30&by=style$/);
  await admin.reload();
  await expect(perStyle).toHaveAttribute("aria-pressed", "true");
  await expect(admin.getByRole("columnheader", { name: "Gaya" })).toBeVisible();
  const byStyle = await likeness("style");
  await expect(qualityRows).toHaveCount(byStyle.rows.length);
  await expect(qualityRows.first()).toContainText(byStyle.rows[0]!.style!.nameId);
  await expect(quality).toContainText(style.nameId);

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
  for (const path of ["/admin", "/admin/analytics?range=90&by=style", "/admin/uploads"]) {
    await admin.goto(path);
    await expect(h1(admin)).toBeVisible();
    await admin.waitForLoadState("networkidle");
    expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth), path).toBe(360);
  }
  await admin.context().close();
});
