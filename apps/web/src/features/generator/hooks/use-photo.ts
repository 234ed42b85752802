import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { uploadPhoto, UploadAborted, type Upload, type UploadHandle } from "@/lib/upload-photo";
import { nearestAspectRatio, type AspectRatio } from "../lib/aspect-ratio";
import { decodeImage, jpegName, looksLikeImage, MAX_UPLOAD_BYTES, rotateToJpeg } from "@/lib/image";
import { nextTurn, rotatedSize, type QuarterTurns } from "@/lib/rotation";

export type PhotoPhase = "empty" | "uploading" | "ready" | "failed";

export type PhotoState = {
  phase: PhotoPhase;
  name: string;
  turns: QuarterTurns;
  /** What the preview shows: the local (rotated) copy, or the server's crop for HEIC. */
  previewUrl: string | null;
  /** 0..1 of the bytes sent, while uploading. */
  progress: number;
  upload: Upload | null;
  errorCode: string | null;
  /** The photo's size upright before any turn, once known. */
  size: { width: number; height: number } | null;
  /** Whether a turn can be made now (HEIC waits for the server's crop). */
  rotatable: boolean;
};

const EMPTY: PhotoState = {
  phase: "empty",
  name: "",
  turns: 0,
  previewUrl: null,
  progress: 0,
  upload: null,
  errorCode: null,
  size: null,
  rotatable: false,
};

/**
 * The photo picker's state. Rotation (a decision worth an ADR): a photo the browser
 * can decode is turned in a canvas from the original file and the rotated JPEG (quality 0.95)
 * replaces the upload. A HEIC/HEIF photo the browser cannot decode is uploaded as it is; a turn
 * then starts from the server's re-encoded 1024 px face crop (the exact pixels the generator
 * uses), rotated in a canvas and uploaded as a JPEG. Each turn cancels the upload before it.
 *
 * `ensureSession` runs before each upload (guests need their guest session cookie first).
 */
export function usePhoto(ensureSession: () => Promise<void>, retrySession: () => Promise<void>) {
  const [state, setState] = useState<PhotoState>(EMPTY);
  const turnsRef = useRef<QuarterTurns>(0);
  const file = useRef<File | null>(null);
  const bitmap = useRef<ImageBitmap | null>(null);
  const serverSource = useRef<ImageBitmap | null>(null);
  const firstUpload = useRef<Upload | null>(null);
  const current = useRef<UploadHandle | null>(null);
  const objectUrls = useRef<string[]>([]);
  const token = useRef(0);

  const patch = (next: Partial<PhotoState>) => setState((s) => ({ ...s, ...next }));

  const objectUrl = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.push(url);
    return url;
  };

  const releaseAll = useCallback(() => {
    token.current += 1;
    current.current?.abort();
    current.current = null;
    for (const url of objectUrls.current) URL.revokeObjectURL(url);
    objectUrls.current = [];
    bitmap.current?.close();
    bitmap.current = null;
    serverSource.current?.close();
    serverSource.current = null;
    firstUpload.current = null;
    file.current = null;
    turnsRef.current = 0;
  }, []);

  useEffect(() => releaseAll, [releaseAll]);

  const send = useCallback(
    async (blob: Blob, name: string, mine: number, isFirst: boolean) => {
      current.current?.abort();
      patch({ phase: "uploading", progress: 0, upload: null, errorCode: null });
      const attempt = async (retry: boolean): Promise<Upload> => {
        await ensureSession();
        if (mine !== token.current) throw new UploadAborted("stale");
        const handle = uploadPhoto(blob, name, (fraction) => {
          if (mine === token.current) patch({ progress: fraction });
        });
        current.current = handle;
        try {
          return await handle.promise;
        } catch (error) {
          if (retry && isApiError(error) && error.code === "guest_session_required") {
            await retrySession();
            return attempt(false);
          }
          throw error;
        }
      };
      try {
        const upload = await attempt(true);
        if (mine !== token.current) return;
        current.current = null;
        if (isFirst) firstUpload.current = upload;
        setState((s) => ({
          ...s,
          phase: "ready",
          progress: 1,
          upload,
          size:
            s.size ??
            (upload.width && upload.height ? { width: upload.width, height: upload.height } : null),
          previewUrl: s.previewUrl ?? upload.croppedUrl ?? upload.thumbUrl,
          rotatable: s.rotatable || !!upload.croppedUrl,
        }));
      } catch (error) {
        if (error instanceof UploadAborted || mine !== token.current) return;
        current.current = null;
        patch({
          phase: "failed",
          errorCode: isApiError(error) ? error.code : "photo_corrupt",
        });
      }
    },
    [ensureSession, retrySession],
  );

  const choose = useCallback(
    async (picked: File) => {
      releaseAll();
      const mine = token.current;
      const base = { ...EMPTY, name: picked.name };
      if (!looksLikeImage(picked)) {
        setState({ ...base, phase: "failed", errorCode: "photo_unsupported_type" });
        return;
      }
      if (picked.size > MAX_UPLOAD_BYTES) {
        setState({ ...base, phase: "failed", errorCode: "photo_too_large" });
        return;
      }
      if (picked.size === 0) {
        setState({ ...base, phase: "failed", errorCode: "photo_missing" });
        return;
      }
      file.current = picked;
      setState({ ...base, phase: "uploading" });
      const decoded = await decodeImage(picked);
      if (mine !== token.current) {
        decoded?.close();
        return;
      }
      bitmap.current = decoded;
      if (decoded) {
        patch({
          size: { width: decoded.width, height: decoded.height },
          previewUrl: objectUrl(picked),
          rotatable: true,
        });
      }
      await send(picked, picked.name, mine, true);
    },
    [releaseAll, send],
  );

  const rotate = useCallback(async () => {
    if (!file.current) return;
    const turns = nextTurn(turnsRef.current);
    turnsRef.current = turns;
    token.current += 1;
    const mine = token.current;
    current.current?.abort();
    current.current = null;
    patch({ turns });

    const first = firstUpload.current;
    if (turns === 0 && first) {
      setState((prev) => ({
        ...prev,
        phase: "ready",
        progress: 1,
        upload: first,
        errorCode: null,
        previewUrl: bitmap.current && file.current ? objectUrl(file.current) : first.croppedUrl,
      }));
      return;
    }
    let source = bitmap.current ?? serverSource.current;
    if (!source) {
      if (!first?.croppedUrl) return;
      patch({ phase: "uploading", progress: 0, errorCode: null });
      try {
        const response = await fetch(first.croppedUrl, { credentials: "include" });
        if (!response.ok) throw new Error(`crop ${response.status}`);
        source = await decodeImage(await response.blob());
      } catch {
        source = null;
      }
      if (mine !== token.current) return;
      if (!source) {
        patch({ phase: "failed", errorCode: "photo_corrupt" });
        return;
      }
      serverSource.current = source;
    }
    patch({ phase: "uploading", progress: 0, errorCode: null });
    let rotated: Blob;
    try {
      rotated = await rotateToJpeg(source, turns);
    } catch {
      if (mine === token.current) patch({ phase: "failed", errorCode: "photo_corrupt" });
      return;
    }
    if (mine !== token.current) return;
    patch({ previewUrl: objectUrl(rotated) });
    await send(rotated, jpegName(file.current.name), mine, false);
  }, [send]);

  /**
   * A photo uploaded before and still kept by the server (the last photo): ready at once, with
   * nothing sent. It is not turned (the original file is not here); another photo can be picked.
   */
  const keep = useCallback(
    (upload: Upload) => {
      releaseAll();
      firstUpload.current = upload;
      setState({
        ...EMPTY,
        phase: "ready",
        progress: 1,
        upload,
        size: upload.width && upload.height ? { width: upload.width, height: upload.height } : null,
        previewUrl: upload.croppedUrl ?? upload.thumbUrl,
      });
    },
    [releaseAll],
  );

  const remove = useCallback(() => {
    releaseAll();
    setState(EMPTY);
  }, [releaseAll]);

  const size = state.size ? rotatedSize(state.size.width, state.size.height, state.turns) : null;
  const aspectRatio: AspectRatio = size ? nearestAspectRatio(size.width, size.height) : "1:1";
  const canRotate = state.phase !== "empty" && state.rotatable;

  return {
    state,
    aspectRatio,
    canRotate,
    choose: (f: File) => void choose(f),
    rotate: () => void rotate(),
    keep,
    remove,
  };
}
