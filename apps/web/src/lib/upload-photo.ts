import type { UploadResponse } from "@rupa/shared";
import type { QuarterTurns } from "@rupa/shared/photo-shrink";
import * as routes from "@rupa/shared/route-table";
import { ApiError, isApiError, routeUrl, toApiError } from "@/lib/api-client";
import { preparePhoto, type PreparedPhoto } from "@/lib/prepare-photo";

export type Upload = UploadResponse["upload"];
export type { PreparedPhoto };

export type UploadHandle = { promise: Promise<Upload>; abort: () => void };

/** The error thrown when an upload is cancelled (a newer rotation, remove, leaving the page). */
export class UploadAborted extends Error {
  override readonly name = "UploadAborted";
}

/** The waits before the 1st, 2nd and 3rd new try of a send that failed on the way. */
export const RETRY_DELAYS_MS = [1_000, 3_000, 7_000] as const;
/** A send with no upload progress for this long is given up and tried again. */
export const STALL_MS = 15_000;
/** The code of a send given up for want of progress. */
export const STALLED = "UPLOAD_STALLED";

/** Where an upload is: preparing the photo, sending it (0..1), or waiting to try again. */
export type UploadStage =
  | { stage: "preparing" }
  | { stage: "sending"; progress: number }
  | { stage: "waiting"; reason: "offline" | "retry"; attempt: number };

/** Whether the browser is online, and a wait until it is (the page's `online` event). */
export type Connection = {
  online: () => boolean;
  whenOnline: (signal: AbortSignal) => Promise<void>;
};

export const browserConnection: Connection = {
  online: () => typeof navigator === "undefined" || navigator.onLine !== false,
  whenOnline: (signal) =>
    new Promise<void>((resolve, reject) => {
      const back = () => {
        window.removeEventListener("online", back);
        signal.removeEventListener("abort", stop);
        resolve();
      };
      const stop = () => {
        window.removeEventListener("online", back);
        reject(signal.reason as Error);
      };
      window.addEventListener("online", back);
      signal.addEventListener("abort", stop, { once: true });
    }),
};

/**
 * Whether a failed send may succeed if sent again unchanged: no answer (network fault, a
 * stall), a server fault (5xx), a timeout (408) or too many at once (429). The server's
 * answers about the photo itself (4xx: too small, no face…) are final.
 */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === "NETWORK_ERROR" || error.code === STALLED) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export type UploadOptions = {
  /** The file's name (sent with the form). */
  name: string;
  /** Quarter turns clockwise (the generator's rotate button). */
  turns?: QuarterTurns;
  onStage?: (stage: UploadStage) => void;
  /** The prepared photo, once it is (what a later "try again" sends without preparing). */
  onPrepared?: (photo: PreparedPhoto) => void;
  connection?: Connection;
};

/**
 * The one way a photo goes to POST /api/uploads: prepared first (shrunk in the browser,
 * prepare-photo.ts) unless it already was, then sent with XMLHttpRequest (fetch cannot report
 * upload progress). A send that fails on the way (isTransient) or stalls (no progress for
 * STALL_MS) is tried again after RETRY_DELAYS_MS; while the browser is offline it waits for
 * the connection, which costs no try. Rejects with an ApiError carrying the server's code, or
 * UploadAborted after `abort()`.
 */
export function uploadPhoto(photo: Blob | PreparedPhoto, options: UploadOptions): UploadHandle {
  const controller = new AbortController();
  const onStage = options.onStage ?? (() => {});
  const promise = (async () => {
    let prepared: PreparedPhoto;
    if (photo instanceof Blob) {
      onStage({ stage: "preparing" });
      prepared = await preparePhoto(photo, options.name, options.turns ?? 0, controller.signal);
      // For benches and journeys: how long the browser took to prepare it.
      performance.measure?.("rupa:photo-prepare", {
        start: performance.now() - prepared.ms,
        duration: prepared.ms,
      });
    } else {
      prepared = photo;
    }
    controller.signal.throwIfAborted();
    options.onPrepared?.(prepared);
    return sendWithRetry(prepared, onStage, controller.signal, options.connection);
  })();
  return {
    promise,
    abort: () => controller.abort(new UploadAborted("Upload cancelled")),
  };
}

/** Sends `photo` until it is answered, a final answer comes, or the tries run out. */
export async function sendWithRetry(
  photo: Pick<PreparedPhoto, "blob" | "name">,
  onStage: (stage: UploadStage) => void,
  signal: AbortSignal,
  connection: Connection = browserConnection,
): Promise<Upload> {
  let retries = 0;
  let consented = false;
  for (;;) {
    if (!connection.online()) {
      onStage({ stage: "waiting", reason: "offline", attempt: retries });
      await connection.whenOnline(signal);
    }
    try {
      // No photo leaves the browser before consent to its processing (docs/product/privacy.md);
      // the consent's code loads with the first upload, not with the page.
      if (!consented) await (await import("@/lib/photo-consent")).ensurePhotoConsent(signal);
      consented = true;
      onStage({ stage: "sending", progress: 0 });
      return await sendOnce(photo, (progress) => onStage({ stage: "sending", progress }), signal);
    } catch (error) {
      if (signal.aborted || !isTransient(error)) throw error;
      // Offline: the wait for the connection above costs no try.
      if (!connection.online()) continue;
      const delay = RETRY_DELAYS_MS[retries];
      if (delay === undefined) throw error;
      retries += 1;
      onStage({ stage: "waiting", reason: "retry", attempt: retries });
      await sleep(delay, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** One POST of the photo; gives up (STALLED) when no bytes leave for STALL_MS. */
function sendOnce(
  photo: Pick<PreparedPhoto, "blob" | "name">,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    signal.throwIfAborted();
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    const stop = () => xhr.abort();
    const settle = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
    };
    signal.addEventListener("abort", stop, { once: true });
    xhr.open("POST", routeUrl(routes.uploadsUpload));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Every byte has left: the server's work (the face check) is no stall.
    xhr.upload.onload = () => clearTimeout(timer);
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body));
        return;
      }
      const upload = (body as Partial<UploadResponse> | undefined)?.upload;
      if (typeof upload !== "object" || upload === null) {
        reject(new ApiError("INVALID_RESPONSE", xhr.status, "Unexpected upload answer"));
        return;
      }
      onProgress(1);
      resolve(upload);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError("NETWORK_ERROR", 0, "The server could not be reached"));
    };
    xhr.onabort = () => {
      settle();
      reject(
        stalled
          ? new ApiError(STALLED, 0, "The upload made no progress")
          : new UploadAborted("Upload cancelled"),
      );
    };
    const form = new FormData();
    form.append("photo", photo.blob, photo.name);
    xhr.send(form);
    watch();
  });
}
