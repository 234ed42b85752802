/** The file name a download gets: "rupa-<style>-<yyyy-mm-dd>.<ext>". */
export function downloadName(
  item: { style: { name: string } | null; kind: string; createdAt: string },
  contentType: string | null,
): string {
  const ext = contentType?.includes("png") ? "png" : contentType?.includes("webp") ? "webp" : "jpg";
  const base = (item.style?.name ?? (item.kind === "kanvas" ? "kanvas" : "avatar"))
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const day = item.createdAt.slice(0, 10);
  return `rupa-${base || "avatar"}-${day}.${ext}`;
}

/** Adds `download=1` so the server answers with Content-Disposition: attachment. */
export function downloadUrl(imageUrl: string): string {
  return `${imageUrl}${imageUrl.includes("?") ? "&" : "?"}download=1`;
}

/**
 * Fetches the file with the session's cookie and saves it through a temporary link, so the app
 * knows when the download finished (or failed) and can say so.
 */
export async function saveFile(url: string, name: (contentType: string | null) => string) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`download failed (${response.status})`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = href;
    link.download = name(response.headers.get("content-type"));
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
