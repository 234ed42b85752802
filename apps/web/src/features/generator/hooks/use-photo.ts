import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import {
  isTransient,
  uploadPhoto,
  UploadAborted,
  type PreparedPhoto,
  type Upload,
  type UploadHandle,
  type UploadStage,
} from "@/lib/upload-photo";
import { nearestAspectRatio, type AspectRatio } from "../lib/aspect-ratio";
import { looksLikeImage, MAX_UPLOAD_BYTES } from "@/lib/image";
import { nextTurn, rotatedSize, type QuarterTurns } from "@/lib/rotation";

export type PhotoPhase = "empty" | "uploading" | "ready" | "failed";

/** While uploading: preparing (shrinking) the photo, sending it, or waiting to send again. */
export type PhotoStage = "preparing" | "sending" | "retrying" | "offline";

export type PhotoState = {
  phase: PhotoPhase;
  /** What the upload is doing, while `phase` is "uploading". */
  stage: PhotoStage;
  /** The new try the upload waits for (1..3), while `stage` is "retrying". */
  attempt: number;
  name: string;
  turns: QuarterTurns;
  /** What the preview shows: the local (prepared) copy, or the server's crop for HEIC. */
  previewUrl: string | null;
  /** 0..1 of the bytes sent, while uploading. */
  progress: number;
  upload: Upload | null;
  errorCode: string | null;
  /** Whether "try again" can send the prepared photo again (the send failed on the way). */
  retryable: boolean;
  /** The photo's size upright before any turn, once known. */
  size: { width: number; height: number } | null;
  /** Whether a turn can be made now (HEIC waits for the server's crop). */
  rotatable: boolean;
};

const EMPTY: PhotoState = {
  phase: "empty",
  stage: "preparing",
  attempt: 0,
  name: "",
  turns: 0,
  previewUrl: null,
  progress: 0,
  upload: null,
  errorCode: null,
  retryable: false,
  size: null,
  rotatable: false,
};

const stageState = (s: UploadStage): Partial<PhotoState> =>
  s.stage === "sending"
    ? { stage: "sending", progress: s.progress }
    : s.stage === "preparing"
      ? { stage: "preparing", progress: 0 }
      : { stage: s.reason === "offline" ? "offline" : "retrying", attempt: s.attempt, progress: 0 };

/**
 * The photo picker's state. Every photo goes through uploadPhoto (lib/upload-photo.ts): shrunk
 * in the browser with its orientation applied (docs/decisions/042-photo-shrunk-in-the-browser.md),
 * sent, and sent again by itself when the connection fails; "try again" re-sends the prepared
 * photo. A turn is one encode from the original file with the turns applied. A HEIC/HEIF photo
 * the browser cannot decode is uploaded as it is; a turn then starts from the server's 1024 px
 * face crop (the exact pixels the generator uses). Each turn cancels the upload before it.
 *
 * `ensureSession` runs before each upload (guests need their guest session cookie first).
 */
export function usePhoto(ensureSession: () => Promise<void>, retrySession: () => Promise<void>) {
  const [state, setState] = useState<PhotoState>(EMPTY);
  const turnsRef = useRef<QuarterTurns>(0);
  const file = useRef<File | null>(null);
  /** The server's crop of an undecodable photo (HEIC), what its turns start from. */
  const serverCrop = useRef<Blob | null>(null);
  const firstUpload = useRef<Upload | null>(null);
  const firstPrepared = useRef<PreparedPhoto | null>(null);
  /** What the current upload sends once prepared (kept for "try again"). */
  const prepared = useRef<PreparedPhoto | null>(null);
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
    serverCrop.current = null;
    firstUpload.current = null;
    firstPrepared.current = null;
    prepared.current = null;
    file.current = null;
    turnsRef.current = 0;
  }, []);

  useEffect(() => releaseAll, [releaseAll]);

  /** Prepares (unless it already is) and sends `photo`, turned `turns`; `mine` guards staleness. */
  const send = useCallback(
    async (
      photo: Blob | PreparedPhoto,
      name: string,
      turns: QuarterTurns,
      mine: number,
      isFirst: boolean,
    ) => {
      current.current?.abort();
      patch({
        phase: "uploading",
        stage: photo instanceof Blob ? "preparing" : "sending",
        progress: 0,
        upload: null,
        errorCode: null,
        retryable: false,
      });
      let source = photo;
      const onPrepared = (p: PreparedPhoto) => {
        if (source === p) return;
        source = p;
        if (mine !== token.current) return;
        prepared.current = p;
        if (isFirst) firstPrepared.current = p;
        const { width, height } = p;
        if (width && height)
          setState((s) => ({
            ...s,
            // The first photo's preview is the file itself, shown since it was picked.
            previewUrl: isFirst && s.previewUrl ? s.previewUrl : objectUrl(p.blob),
            rotatable: true,
            size: isFirst ? { width, height } : s.size,
          }));
      };
      const attempt = async (renew: boolean): Promise<Upload> => {
        await ensureSession();
        if (mine !== token.current) throw new UploadAborted("stale");
        const handle = uploadPhoto(source, {
          name,
          turns,
          onPrepared,
          onStage: (stage) => {
            if (mine === token.current) patch(stageState(stage));
          },
        });
        current.current = handle;
        try {
          return await handle.promise;
        } catch (error) {
          if (renew && isApiError(error) && error.code === "guest_session_required") {
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
          retryable: isTransient(error) && !!prepared.current,
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
      // Shown at once where the browser surely can (HEIC waits for the server's crop).
      const shown = /^image\/(jpeg|png|webp)$/.test(picked.type) ? objectUrl(picked) : null;
      setState({ ...base, phase: "uploading", previewUrl: shown });
      await send(picked, picked.name, 0, mine, true);
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
    const decodable = !!firstPrepared.current?.width;
    if (turns === 0 && first) {
      prepared.current = firstPrepared.current;
      setState((prev) => ({
        ...prev,
        phase: "ready",
        progress: 1,
        upload: first,
        errorCode: null,
        retryable: false,
        previewUrl:
          decodable && firstPrepared.current
            ? objectUrl(firstPrepared.current.blob)
            : first.croppedUrl,
      }));
      return;
    }
    // One encode from the original with the turns; a photo the browser could not decode
    // turns from the server's crop instead.
    let source: Blob | null = decodable ? file.current : serverCrop.current;
    if (!source) {
      if (!first?.croppedUrl) return;
      patch({ phase: "uploading", stage: "preparing", progress: 0, errorCode: null });
      try {
        const response = await fetch(first.croppedUrl, { credentials: "include" });
        if (!response.ok) throw new Error(`crop ${response.status}`);
        source = await response.blob();
      } catch {
        source = null;
      }
      if (mine !== token.current) return;
      if (!source) {
        patch({ phase: "failed", errorCode: "photo_corrupt", retryable: false });
        return;
      }
      serverCrop.current = source;
    }
    await send(source, file.current.name, turns, mine, false);
  }, [send]);

  /** "Try again" after a send failed on the way: the prepared photo goes again, as it is. */
  const retry = useCallback(async () => {
    const photo = prepared.current;
    if (!photo || !file.current) return;
    token.current += 1;
    await send(photo, photo.name, turnsRef.current, token.current, turnsRef.current === 0);
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
    retry: () => void retry(),
    keep,
    remove,
  };
}
