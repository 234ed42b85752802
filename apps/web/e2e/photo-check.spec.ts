import { readFile, stat } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { facePhoto, noFacePhoto, twoFacesPhoto } from "../../server/test/face-photos";
import {
  choosePhoto,
  generateButton,
  newMemberAtPasFoto,
  openGenerator,
  pasFotoStyle,
  photoButton,
  ready,
  signUpAndSignIn,
  startGeneration,
} from "./support/generator";
import { fromApp, grantPaidCredits, DESKTOP, creditBalance } from "./support/app";

// The free photo check against the real server (face-api on upload, no mocks): a member's face
// photo passes, a Formal CV/CPNS avatar is made on the background chosen and downloaded as a
// 4x6 cm pas foto (JPEG, 472x709, 300 dpi, under 200 KB); a photo without a face, and one with
// two, keep Generate closed with the reason shown, and the server refuses them without spending.

test.use({ viewport: DESKTOP });

type Check = { faces: number; issues: string[]; verdict: string } | null;

async function upload(page: Page, name: string, buffer: Buffer): Promise<Check> {
  const response = await choosePhoto(page, photoButton(page).first(), {
    name,
    mimeType: "image/jpeg",
    buffer,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { upload: { check: Check } }).upload.check;
}

test("a member's face photo passes the check; a CPNS avatar on the chosen background downloads as a 4x6 pas foto", async ({
  page,
}) => {
  await signUpAndSignIn(page);
  // Paid credits beside the free ones: the avatar carries no watermark, so its pas foto is
  // offered (a free-credits member's is watermark.spec.ts's).
  await grantPaidCredits(page, 5);
  const style = await pasFotoStyle(page);
  await openGenerator(page, style);
  await expect(page.getByTestId("watermark-notice")).toHaveCount(0);

  const check = await upload(page, "wajah.jpg", await facePhoto(0));
  expect(check).toMatchObject({ faces: 1, verdict: "ok", issues: [] });
  await expect(ready(page)).toBeVisible();
  await expect(ready(page)).toContainText("Wajah terdeteksi dengan jelas");

  // The background choice: red by default for a style tagged "cpns"; the person picks white.
  const backgrounds = page.getByRole("radiogroup", { name: "Warna latar pas foto" });
  await expect(backgrounds.getByRole("radio", { name: "Merah" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await backgrounds.getByRole("radio", { name: "Putih" }).click();
  await expect(backgrounds.getByRole("radio", { name: "Putih" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(generateButton(page)).toBeEnabled();

  const start = await startGeneration(page);
  expect(start.request().postDataJSON()).toMatchObject({
    styleId: style.id,
    variables: { background: "white" },
  });

  // The result stays on the generator with the pas foto offer in both sizes.
  const result = page.getByRole("region", { name: "Avatarmu sudah jadi" });
  await expect(result).toBeVisible({ timeout: 45_000 });
  const generation = ((await start.json()) as { generation: { id: string } }).generation;
  const done = (await (await page.request.get(`/api/generations/${generation.id}`)).json()) as {
    generation: { status: string; result: { id: string; pasFoto: boolean } };
  };
  expect(done.generation.status).toBe("succeeded");
  expect(done.generation.result.pasFoto).toBe(true);
  const avatarId = done.generation.result.id;
  const link = result.getByRole("link", { name: "Unduh pas foto 4x6 cm" });
  await expect(link).toHaveAttribute("href", `/api/gallery/avatar/${avatarId}/pas-foto?size=4x6`);
  await expect(link).toHaveAttribute("download", "pas-foto-4x6.jpg");
  // The file was checked against SSCASN's rules on the white asked for.
  const checklist = result.getByRole("region", { name: "Lolos cek SSCASN" });
  await expect(checklist).toBeVisible({ timeout: 30_000 });
  await expect(checklist).toContainText("Latar putih polos");

  // The real download: a 4x6 cm JPEG at 300 dpi, under SSCASN's 200 KB.
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("pas-foto-4x6.jpg");
  const file = await download.path();
  expect((await stat(file)).size).toBeLessThanOrEqual(200_000);
  const meta = await sharp(await readFile(file)).metadata();
  expect(meta).toMatchObject({ format: "jpeg", width: 472, height: 709, density: 300 });

  await result.getByRole("radio", { name: "3x4 cm" }).click();
  await expect(result.getByRole("link", { name: "Unduh pas foto 3x4 cm" })).toHaveAttribute(
    "href",
    `/api/gallery/avatar/${avatarId}/pas-foto?size=3x4`,
  );

  // The gallery is one tap away and offers the same downloads.
  await result.getByRole("link", { name: "Buka galeri" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await page.getByRole("button", { name: `Lihat detail ${style.nameId}` }).click();
  await expect(
    page.getByRole("dialog").getByRole("link", { name: "Unduh pas foto 4x6 cm" }),
  ).toHaveAttribute("href", `/api/gallery/avatar/${avatarId}/pas-foto?size=4x6`);
});

test("a photo without a face, then one with two, keep Generate closed with the reason shown; the server refuses them without spending", async ({
  page,
}) => {
  const style = await newMemberAtPasFoto(page);

  // No face.
  const none = await upload(page, "pemandangan.jpg", await noFacePhoto());
  expect(none).toMatchObject({ faces: 0, verdict: "refuse" });
  const status = page.getByRole("status").filter({ hasText: "Foto ini tidak bisa dipakai" });
  await expect(status).toContainText(
    "Wajah tidak terdeteksi: pilih foto yang menampakkan wajahmu dengan jelas",
  );
  await expect(status).not.toContainText("Foto siap dipakai");
  const noFaceReason =
    "Avatar belum bisa dibuat: wajah tidak terdeteksi di foto ini. Ganti fotomu dulu.";
  await expect(generateButton(page)).toBeDisabled();
  await expect(generateButton(page)).toHaveAccessibleDescription(noFaceReason);
  await expect(page.getByText(noFaceReason)).toBeVisible();

  // Two faces.
  const two = await upload(page, "berdua.jpg", await twoFacesPhoto());
  expect(two).toMatchObject({ faces: 2, verdict: "refuse" });
  await expect(status).toContainText(
    "Ada lebih dari satu wajah: pilih foto yang hanya berisi kamu",
  );
  const manyReason =
    "Avatar belum bisa dibuat: ada lebih dari satu wajah di foto ini. Ganti fotomu dulu.";
  await expect(generateButton(page)).toBeDisabled();
  await expect(generateButton(page)).toHaveAccessibleDescription(manyReason);
  await expect(page.getByText(manyReason)).toBeVisible();

  // The server refuses both before anything is spent.
  const uploads = (await (
    await page.request.post("/api/uploads", {
      multipart: {
        photo: { name: "kosong.jpg", mimeType: "image/jpeg", buffer: await noFacePhoto() },
      },
      headers: fromApp(page),
    })
  ).json()) as { upload: { id: string } };
  const refused = await page.request.post("/api/generations", {
    data: { uploadId: uploads.upload.id, styleId: style.id },
    headers: fromApp(page),
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("photo_no_face");
  expect(await creditBalance(page)).toBe(5);

  // A face photo opens Generate again.
  await upload(page, "wajah.jpg", await facePhoto(4));
  await expect(ready(page)).toContainText("Wajah terdeteksi dengan jelas");
  await expect(generateButton(page)).toBeEnabled();
});
