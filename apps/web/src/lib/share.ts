/** What sharing a result sends: the picture itself where the phone can, and the text with the link. */
export type SharePayload = { title: string; text: string; url: string | null };

/** A WhatsApp link that opens the app (or WhatsApp Web) with the text ready to send. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export type ShareOutcome = "shared" | "cancelled" | "whatsapp";

/**
 * Shares with the Web Share API when the browser has it (with the image file when it is at hand
 * and files can be shared), otherwise opens WhatsApp with the text. Nothing is awaited before
 * `navigator.share`, so the tap that asked for it still counts as the user's gesture (Safari
 * refuses a share that comes too long after the tap). A watermarked result is shared as it is.
 */
export async function shareResult(
  payload: SharePayload,
  file: File | null,
  nav: Pick<Navigator, "share" | "canShare"> | undefined = typeof navigator === "undefined"
    ? undefined
    : navigator,
  open: (url: string) => void = (url) => window.open(url, "_blank", "noopener"),
): Promise<ShareOutcome> {
  if (nav && typeof nav.share === "function") {
    const data: ShareData = { title: payload.title, text: payload.text };
    if (payload.url) data.url = payload.url;
    try {
      if (file && typeof nav.canShare === "function" && nav.canShare({ files: [file] }))
        data.files = [file];
    } catch {
      // Without the file the text and link are still worth sharing.
    }
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      // NotAllowedError and friends: fall through to WhatsApp.
    }
  }
  open(whatsappShareUrl(payload.url ? `${payload.text} ${payload.url}` : payload.text));
  return "whatsapp";
}

/**
 * The pictures a share may attach, fetched ahead (when the details open, or a finger or pointer
 * reaches a share button) so that sharing itself waits for nothing.
 */
export function createShareFiles(fetchFile: (url: string, name: string) => Promise<File | null>) {
  const files = new Map<string, File | null | "pending">();
  return {
    prefetch(url: string, name: string): void {
      if (files.has(url)) return;
      if (files.size > 50) files.clear();
      files.set(url, "pending");
      fetchFile(url, name).then(
        (file) => files.set(url, file),
        () => files.delete(url),
      );
    },
    get(url: string): File | null {
      const file = files.get(url);
      return file instanceof File ? file : null;
    },
  };
}

/** The shared picture as a File, read from our server with the session's cookie. */
export async function imageFile(url: string, name: string): Promise<File | null> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) return null;
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type || "image/jpeg" });
}
