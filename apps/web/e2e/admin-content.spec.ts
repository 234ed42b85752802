import { expect, test, type Browser, type Page } from "@playwright/test";
import { asAdmin, toasts, creditBalance } from "./support/app";
import { openGenerator, pickStyle, signUpAndSignIn, uploadPortrait } from "./support/generator";

// The admin content sections against the real server (issue 14): a keyword banned in the Banned
// keywords page stops a member's custom action figure on the very next request, before any
// credit is spent, and the refusal names the word next to the field (issue 34; a Kanvas prompt's
// refusal is kanvas.spec.ts's); a custom profession configuration is created and disabled, and
// the feature switch goes off and back on; feedback sent through the real form reaches the inbox and is
// marked handled. Journeys share one server: the keyword is deleted again, the configuration is
// left disabled and the feature switch is left on, so other journeys see what they expect.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The demo admin, signed in through /auth in a browser of their own. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "id-ID" });
  const page = await context.newPage();
  await asAdmin(page);
  return page;
}

async function featureEnabled(page: Page): Promise<boolean> {
  const state = (await (await page.request.get("/api/custom-profession")).json()) as {
    enabled: boolean;
  };
  return state.enabled;
}

test("a keyword banned by an admin refuses a member's custom action figure, naming the word next to the field, before any credit is spent", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const figure = await pickStyle(request, "profesi_collectibles");
  await signUpAndSignIn(page);
  await openGenerator(page, figure);
  await uploadPortrait(page);
  expect(await creditBalance(page)).toBe(5);

  // The admin bans "kotor" (typed with spaces and capitals: saved trimmed and lower-cased).
  const admin = await adminPage(browser, baseURL!);
  await admin.goto("/admin/banned-keywords");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Kata Terlarang");
  await admin.getByRole("button", { name: "Tambah kata" }).click();
  const dialog = admin.getByRole("dialog", { name: "Tambah kata terlarang" });
  await dialog.getByRole("button", { name: "Tambah kata" }).click();
  await expect(dialog.getByText("Kata wajib diisi")).toBeVisible();
  await dialog.getByLabel("Kata", { exact: true }).fill("  Kotor ");
  await dialog.getByLabel("Alasan (opsional)").fill("  kata kasar  ");
  await dialog.getByRole("button", { name: "Tambah kata" }).click();
  await expect(toasts(admin).getByText('Kata "kotor" ditambahkan')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = admin.getByTestId("data-table-row").filter({ hasText: "kotor" });
  await expect(row).toContainText("kata kasar");
  await expect(row.getByRole("switch", { name: "Aktif: kotor" })).toHaveAttribute(
    "aria-checked",
    "true",
  );

  // The same keyword again is refused.
  await admin.getByRole("button", { name: "Tambah kata" }).click();
  await dialog.getByLabel("Kata", { exact: true }).fill("KOTOR");
  await dialog.getByRole("button", { name: "Tambah kata" }).click();
  await expect(dialog.getByText("Kata ini sudah ada")).toBeVisible();
  await dialog.getByRole("button", { name: "Batal" }).click();
  await expect(admin.getByTestId("data-table-row").filter({ hasText: "kotor" })).toHaveCount(1);

  // The member's very next request with the word is refused, and nothing is spent.
  await page.getByRole("button", { name: "Action figure kustom" }).click();
  const figureDialog = page.getByRole("dialog", { name: "Buat Action Figure Kustom" });
  await figureDialog.getByRole("textbox", { name: "Judul (wajib)" }).fill("Kotor Sekali");
  await figureDialog.getByRole("textbox", { name: "Aksesori (wajib)" }).fill("sapu, ember");
  const refused = page.waitForResponse(
    (r) => r.url().endsWith("/api/custom-profession/requests") && r.request().method() === "POST",
  );
  await figureDialog.getByRole("button", { name: "Buat Action Figure" }).click();
  const response = await refused;
  expect(response.status()).toBe(422);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
    "banned_content",
  );
  // The word is named under the field it was typed in (and only there).
  const title = figureDialog.getByRole("textbox", { name: "Judul (wajib)" });
  const named = 'Mengandung kata yang tidak diizinkan: "kotor". Tidak ada kredit yang terpakai.';
  await expect(figureDialog.getByRole("alert").filter({ hasText: named })).toBeVisible();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(new RegExp(named.replace(/[.()]/g, "\\$&")));
  await expect(figureDialog.getByRole("textbox", { name: "Aksesori (wajib)" })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(await creditBalance(page)).toBe(5);
  // Changing the field takes the message away.
  await title.fill("Petugas Kebersihan");
  await expect(figureDialog.getByText(named)).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The admin deletes the keyword again (other journeys may use the word).
  await row.getByRole("button", { name: "Hapus kotor" }).click();
  const confirm = admin.getByRole("dialog", { name: "Yakin ingin menghapus kata ini?" });
  await confirm.getByRole("button", { name: "Hapus" }).click();
  await expect(toasts(admin).getByText('Kata "kotor" dihapus')).toBeVisible();
  await expect(
    admin.getByText("Belum ada kata terlarang. Tambahkan untuk mulai memoderasi konten."),
  ).toBeVisible();
  await admin.context().close();
});

test("an admin creates a custom profession configuration, disables it, and switches the feature off and on", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser, baseURL!);
  try {
    await admin.goto("/admin/custom-profession");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Profesi Kustom");
    await expect(admin.getByTestId("profession-stat-activeConfigs")).toHaveAttribute(
      "data-value",
      /\d+/,
    );
    const activeBefore = Number(
      await admin.getByTestId("profession-stat-activeConfigs").getAttribute("data-value"),
    );

    // Create: disabled while the name is empty; a wrong placeholder is shown, not sent.
    await admin.getByRole("button", { name: "Konfigurasi baru" }).click();
    const dialog = admin.getByRole("dialog", { name: "Konfigurasi baru" });
    const create = dialog.getByRole("button", { name: "Buat", exact: true });
    await expect(create).toBeDisabled();
    const name = `Konfigurasi Uji ${tag()}`;
    await dialog.getByLabel("Nama", { exact: true }).fill(name);
    await expect(create).toBeEnabled();
    await dialog.getByLabel("Judul", { exact: true }).fill("");
    await dialog
      .getByLabel("Template prompt")
      .fill("figure of {subject} titled {title} with {senjata}");
    await create.click();
    await expect(dialog.getByText("{senjata} bukan placeholder formulir ini")).toBeVisible();
    await dialog
      .getByLabel("Template prompt")
      .fill("a collectible figure of {subject} titled {title} with {accessories}");
    await create.click();
    await expect(toasts(admin).getByText(`Konfigurasi "${name}" dibuat`)).toBeVisible();
    const row = admin.getByTestId("profession-config-row").filter({ hasText: name });
    await expect(row).toContainText("200 / 200 / 200");
    await expect(admin.getByTestId("profession-stat-activeConfigs")).toHaveAttribute(
      "data-value",
      String(activeBefore + 1),
    );

    // Disable it again (members keep the configuration they had).
    await row.getByRole("switch", { name: `Aktif: ${name}` }).click();
    await expect(toasts(admin).getByText(`Konfigurasi "${name}" dinonaktifkan`)).toBeVisible();
    await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
    await expect(admin.getByTestId("profession-stat-activeConfigs")).toHaveAttribute(
      "data-value",
      String(activeBefore),
    );

    // The feature switch: off for everyone, then on again.
    const feature = admin.getByRole("switch", { name: "Fitur" });
    await expect(feature).toHaveAttribute("aria-checked", "true");
    await feature.click();
    await expect(toasts(admin).getByText("Fitur profesi kustom dinonaktifkan")).toBeVisible();
    await expect(feature).toHaveAttribute("aria-checked", "false");
    expect(await featureEnabled(admin)).toBe(false);
    await feature.click();
    await expect(toasts(admin).getByText("Fitur profesi kustom diaktifkan")).toBeVisible();
    await expect(feature).toHaveAttribute("aria-checked", "true");
    expect(await featureEnabled(admin)).toBe(true);
  } finally {
    // Whatever happened above, other journeys need the feature on.
    if (!(await featureEnabled(admin))) {
      await admin.request.put("/api/admin/custom-profession/enabled", {
        data: { enabled: true },
        headers: { origin: new URL(baseURL!).origin },
      });
    }
    await admin.context().close();
  }
});

test("feedback sent through the form reaches the admin inbox and is marked handled", async ({
  page,
  browser,
  baseURL,
}) => {
  const subject = `Ide galeri ${tag()}`;
  await page.goto("/feedback");
  await page.getByLabel("Jenis feedback").selectOption("feature");
  await page.getByLabel("Email (opsional)").fill("pengirim@rupa.test");
  await page.getByLabel("Judul").fill(subject);
  await page.getByLabel("Pesan").fill("Tolong tambahkan album di galeri.");
  await page.getByRole("button", { name: "Kirim Feedback" }).click();
  await expect(
    toasts(page).getByText("Feedback berhasil dikirim! Tim kami akan merespon dalam 24 jam."),
  ).toBeVisible();

  const admin = await adminPage(browser, baseURL!);
  await admin.goto("/admin/feedback?type=feature");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Feedback");
  const row = admin.getByTestId("data-table-row").filter({ hasText: subject });
  await expect(row).toContainText("Tolong tambahkan album di galeri.");
  await expect(row).toContainText("pengirim@rupa.test");
  await expect(row).toContainText("Terbuka");
  await row.getByRole("button", { name: "Tandai ditangani" }).click();
  await expect(toasts(admin).getByText("Feedback ditandai ditangani")).toBeVisible();
  await expect(row).toContainText("Ditangani");
  await expect(row).toContainText("oleh admin@rupa.test");

  await admin.goto("/admin/feedback?status=open");
  await expect(admin.getByTestId("data-table-row").filter({ hasText: subject })).toHaveCount(0);
  await admin.goto("/admin/feedback?status=handled");
  await expect(admin.getByTestId("data-table-row").filter({ hasText: subject })).toHaveCount(1);
  await admin.context().close();
});
