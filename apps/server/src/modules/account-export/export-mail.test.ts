import { describe, expect, it } from "vitest";
import { exportReadyMail } from "../../infra/mail/templates";
import { exportFileName } from "./account-export.service";

describe("the export-ready e-mail", () => {
  const d = {
    expiresAt: new Date("2026-12-06T03:00:00Z"),
    sizeBytes: 49_400_000,
    url: "https://rupa.test/billing#privasi",
  };

  it("is in the member's language, with the size, the deadline in WIB and the settings link", () => {
    const id = exportReadyMail("id", "dewi@example.com", d);
    expect(id).toMatchObject({ to: "dewi@example.com", kind: "data-export-ready" });
    expect(id.subject).toBe("Salinan data Rupa-mu sudah siap");
    expect(id.text).toContain("49.4 MB");
    expect(id.text).toContain("6 Desember 2026");
    expect(id.text).toContain("10.00 WIB");
    expect(id.text).toContain("https://rupa.test/billing#privasi");
    expect(id.html).toContain('href="https://rupa.test/billing#privasi"');

    const en = exportReadyMail("en", "dewi@example.com", { ...d, sizeBytes: 12_345 });
    expect(en.subject).toBe("Your Rupa data is ready");
    expect(en.text).toContain("(12 KB)");
    expect(en.text).toContain("6 December 2026");
  });
});

describe("the export's file name", () => {
  it("is the day it was made in Jakarta", () => {
    expect(exportFileName(new Date("2026-11-29T18:30:00Z"))).toBe("rupa-data-2026-11-30.zip");
    expect(exportFileName(new Date("2026-11-29T10:00:00Z"))).toBe("rupa-data-2026-11-29.zip");
  });
});
