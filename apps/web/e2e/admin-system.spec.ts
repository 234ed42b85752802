import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { adminPage, DESKTOP, h1, toasts } from "./support/app";

// The admin System and Security sections against the real server: every step of the health
// check runs for real and passes, Clear Cache / Optimize Database / Export Logs act, and a
// failed sign-in a visitor makes through the real form shows in the security event list. Any
// setting changed here is put back (the journeys share one server).

test.use({ viewport: DESKTOP });
test.describe.configure({ mode: "serial" });

const STEPS = ["functions", "database", "auth", "registration", "styles", "storage"];

test("System: real health, every check passes, caches cleared, database optimized, log exported", async ({
  browser,
}) => {
  const admin = await adminPage(browser, { viewport: DESKTOP });
  await admin.goto("/admin/system");
  await expect(h1(admin)).toHaveText("Sistem");
  for (const c of ["database", "storage", "queue", "auth"])
    await expect(admin.getByTestId(`component-${c}`)).toHaveAttribute("data-state", "ok");
  await expect(admin.getByTestId("system-status")).toHaveAttribute("data-state", "healthy");
  await expect(admin.getByTestId("system-stats")).toContainText("Ukuran database");

  // The comprehensive check: each step ends in success, in order.
  await admin.getByTestId("run-health-check").click();
  for (const step of STEPS)
    await expect(admin.getByTestId(`check-${step}`)).toHaveAttribute("data-status", "success", {
      timeout: 30_000,
    });
  await expect(toasts(admin)).toContainText("Semua pemeriksaan lolos");
  // The registration step's account is gone again (other journeys sign up meanwhile, so the
  // check looks for the account itself, not at the number of users).
  const left = (await (
    await admin.request.get("/api/admin/users?q=health-check.rupa.invalid")
  ).json()) as { total: number };
  expect(left.total).toBe(0);

  await admin.getByTestId("clear-cache").click();
  await expect(toasts(admin)).toContainText("4 cache dikosongkan");
  await admin.getByTestId("optimize-database").click();
  await expect(toasts(admin)).toContainText("Database dioptimalkan", { timeout: 30_000 });

  // Both actions are in the audit trail.
  const audit = (await (
    await admin.request.get("/api/admin/audit?entityType=system&pageSize=10")
  ).json()) as { items: { action: string }[] };
  const actions = audit.items.map((i) => i.action);
  expect(actions).toContain("system.cache_cleared");
  expect(actions).toContain("system.database_optimized");

  // Export Logs downloads a text file with content and no e-mail address.
  const downloading = admin.waitForEvent("download");
  await admin.getByTestId("export-logs").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rupa-logs-.*\.txt$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text).toContain("# Rupa");
  expect(text).not.toContain("admin@rupa.test");
  await expect(admin.getByTestId("system-logs")).toBeVisible();
  await admin.context().close();
});

test("Security: a failed sign-in through the form is listed; a setting is saved and put back", async ({
  browser,
}) => {
  // A visitor mistypes the password of an e-mail nobody has.
  const visitor = await (
    await browser.newContext({ viewport: DESKTOP, locale: "id-ID" })
  ).newPage();
  const email = `salah-${Date.now()}@rupa.test`;
  await visitor.goto("/auth");
  await visitor.getByLabel("Email", { exact: true }).fill(email);
  await visitor.getByLabel("Password", { exact: true }).fill("bukan-password-ini");
  await visitor.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(toasts(visitor).getByText("Email atau password salah.")).toBeVisible();
  await expect(visitor).toHaveURL(/\/auth/);
  await visitor.context().close();

  const admin = await adminPage(browser, { viewport: DESKTOP });
  await admin.goto("/admin/security");
  await expect(h1(admin)).toHaveText("Keamanan");
  const failed = admin.getByTestId("security-failed");
  await expect(failed).toHaveAttribute("data-value", /\d+/);
  expect(Number(await failed.getAttribute("data-value"))).toBeGreaterThanOrEqual(1);

  // Found by its e-mail (the event keeps only a digest of it) and the search is in the URL.
  await admin.getByPlaceholder("Cari e-mail, alamat IP atau jenis…").fill(email);
  await expect(admin).toHaveURL(/[?&]q=/);
  const rows = admin.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Gagal masuk");
  await expect(rows.first()).toContainText("Tidak ada akun dengan e-mail ini");

  // Turn suspicious-activity detection off, then back on: each save is the server's.
  const toggle = admin.getByTestId("setting-suspicious");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await admin.getByTestId("save-security").click();
  await expect(toasts(admin)).toContainText("Pengaturan keamanan disimpan");
  const saved = (await (await admin.request.get("/api/admin/security")).json()) as {
    settings: { suspiciousActivityDetection: boolean };
  };
  expect(saved.settings.suspiciousActivityDetection).toBe(false);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await admin.getByTestId("save-security").click();
  await expect
    .poll(async () => {
      const s = (await (await admin.request.get("/api/admin/security")).json()) as typeof saved;
      return s.settings.suspiciousActivityDetection;
    })
    .toBe(true);
  await admin.context().close();
});
