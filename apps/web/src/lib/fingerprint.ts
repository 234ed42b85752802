import { nextTask } from "./next-task";

/**
 * The browser fingerprint of docs/product/generator.md (user agent, language, screen size,
 * time-zone offset and a canvas rendering), hashed with SHA-256 in the browser. The server hashes
 * it again with its secret before storing it; it only identifies a guest's free try.
 */
function canvasSignature(): string {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 200;
    canvas.height = 50;
    const ctx = canvas.getContext("2d");
    if (!ctx) return "no-canvas";
    ctx.textBaseline = "top";
    ctx.font = "16px Arial";
    ctx.fillStyle = "#f60";
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = "#069";
    ctx.fillText("Rupa ✨ avatar", 2, 15);
    ctx.fillStyle = "rgba(102, 204, 0, 0.7)";
    ctx.fillText("Rupa ✨ avatar", 4, 17);
    return canvas.toDataURL();
  } catch {
    return "canvas-blocked";
  }
}

function toBase64Url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

let cached: Promise<string> | null = null;

export function browserFingerprint(): Promise<string> {
  cached ??= (async () => {
    // Drawing the canvas takes a phone tens of milliseconds the first time (its font and the
    // emoji's): in a task of its own, not in the one of whoever asked (an island's effects).
    await nextTask();
    const parts = [
      navigator.userAgent,
      navigator.language,
      `${screen.width}x${screen.height}x${screen.colorDepth}`,
      String(new Date().getTimezoneOffset()),
      canvasSignature(),
    ].join("|");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts));
    return toBase64Url(digest);
  })();
  return cached;
}
