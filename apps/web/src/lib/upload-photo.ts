import type { UploadResponse } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { ApiError, routeUrl, toApiError } from "@/lib/api-client";

export type Upload = UploadResponse["upload"];

export type UploadHandle = { promise: Promise<Upload>; abort: () => void };

/** The error thrown when an upload is cancelled (a newer rotation, remove, leaving the page). */
export class UploadAborted extends Error {
  override readonly name = "UploadAborted";
}

/**
 * POST /api/uploads with XMLHttpRequest (fetch cannot report upload progress): `onProgress`
 * gets 0..1 as the bytes leave the browser. Rejects with an ApiError carrying the server's code.
 */
export function uploadPhoto(
  photo: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Upload>((resolve, reject) => {
    xhr.open("POST", routeUrl(routes.uploadsUpload));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
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
    xhr.onerror = () => reject(new ApiError("NETWORK_ERROR", 0, "The server could not be reached"));
    xhr.onabort = () => reject(new UploadAborted("Upload cancelled"));
    const form = new FormData();
    form.append("photo", photo, fileName);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
