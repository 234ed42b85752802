import { describe, expect, it, vi } from "vitest";
import { downloadName, downloadUrl } from "@/lib/download";
import { createShareFiles, shareResult, whatsappShareUrl } from "@/lib/share";

describe("download helpers", () => {
  it("names the file after the style and the day", () => {
    const item = {
      style: { name: "Pixar 3D Cartoon" },
      kind: "avatar",
      createdAt: "2026-11-21T03:00:00.000Z",
    };
    expect(downloadName(item, "image/jpeg")).toBe("rupa-pixar-3d-cartoon-2026-11-21.jpg");
    expect(downloadName({ ...item, style: null, kind: "kanvas" }, "image/png")).toBe(
      "rupa-kanvas-2026-11-21.png",
    );
  });
  it("asks the server for an attachment", () => {
    expect(downloadUrl("/api/files/generated-avatars/u-1/a.jpg")).toBe(
      "/api/files/generated-avatars/u-1/a.jpg?download=1",
    );
    expect(downloadUrl("/x?v=1")).toBe("/x?v=1&download=1");
  });
});

describe("shareResult", () => {
  const payload = { title: "Rupa", text: "Lihat avatarku!", url: "https://rupa.id/?ref=ABC" };

  it("uses the Web Share API with the image when files can be shared", async () => {
    const file = new File(["x"], "a.jpg", { type: "image/jpeg" });
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const open = vi.fn();
    const outcome = await shareResult(payload, file, { share, canShare: () => true }, open);
    expect(outcome).toBe("shared");
    expect(share).toHaveBeenCalledWith({ ...payload, files: [file] });
    expect(open).not.toHaveBeenCalled();
  });

  it("treats a cancelled share sheet as cancelled, not as a failure", async () => {
    const share = vi.fn().mockRejectedValue(new DOMException("no", "AbortError"));
    const open = vi.fn();
    expect(await shareResult(payload, null, { share, canShare: () => false }, open)).toBe(
      "cancelled",
    );
    expect(open).not.toHaveBeenCalled();
  });

  it("opens WhatsApp with the text and the referral link otherwise", async () => {
    const open = vi.fn();
    expect(await shareResult(payload, null, undefined, open)).toBe("whatsapp");
    expect(open).toHaveBeenCalledWith(whatsappShareUrl("Lihat avatarku! https://rupa.id/?ref=ABC"));
    expect(whatsappShareUrl("a b&c")).toBe("https://wa.me/?text=a%20b%26c");
  });
});

describe("createShareFiles", () => {
  it("hands out a file only once it has arrived, fetching each picture once", async () => {
    const file = new File(["x"], "a.jpg", { type: "image/jpeg" });
    let resolve: (f: File | null) => void = () => {};
    const fetchFile = vi.fn(() => new Promise<File | null>((r) => (resolve = r)));
    const files = createShareFiles(fetchFile);
    files.prefetch("/a.jpg", "a.jpg");
    files.prefetch("/a.jpg", "a.jpg");
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(files.get("/a.jpg")).toBeNull();
    resolve(file);
    await Promise.resolve();
    expect(files.get("/a.jpg")).toBe(file);
  });
});
