import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { looksLikeImage, MAX_UPLOAD_BYTES } from "@/lib/image";
import { uploadPhoto, UploadAborted, type Upload, type UploadHandle } from "@/lib/upload-photo";

export type ReferenceImage = {
  key: string;
  name: string;
  /** The local copy while it uploads, then the server's thumbnail when the browser cannot show it. */
  previewUrl: string | null;
  phase: "uploading" | "ready" | "failed";
  /** 0..1 of the bytes sent. */
  progress: number;
  upload: Upload | null;
  errorCode: string | null;
};

let counter = 0;

/**
 * Kanvas's reference images: each picked file goes through the same upload as the generator's
 * photo (shrunk in the browser, then POST /api/uploads with progress, sent again by itself when
 * the connection fails), at most `max` at a time. Removing one cancels its
 * upload; leaving the page cancels them all.
 */
export function useReferenceImages(max: number) {
  const [images, setImages] = useState<ReferenceImage[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());
  const urls = useRef(new Map<string, string>());
  const [refused, setRefused] = useState<string | null>(null);

  const patch = (key: string, next: Partial<ReferenceImage>) =>
    setImages((list) => list.map((image) => (image.key === key ? { ...image, ...next } : image)));

  useEffect(() => {
    const h = handles.current;
    const u = urls.current;
    return () => {
      for (const handle of h.values()) handle.abort();
      for (const url of u.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const add = useCallback(
    (files: File[], taken: number) => {
      setRefused(null);
      const room = Math.max(0, max - taken);
      if (files.length > room) setRefused("too_many_images");
      const added: ReferenceImage[] = [];
      for (const file of files.slice(0, room)) {
        const key = `ref-${++counter}`;
        if (!looksLikeImage(file)) {
          setRefused("photo_unsupported_type");
          continue;
        }
        if (file.size > MAX_UPLOAD_BYTES) {
          setRefused("photo_too_large");
          continue;
        }
        const previewUrl = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
        if (previewUrl) urls.current.set(key, previewUrl);
        added.push({
          key,
          name: file.name,
          previewUrl,
          phase: "uploading",
          progress: 0,
          upload: null,
          errorCode: null,
        });
        const handle = uploadPhoto(file, {
          name: file.name || "image.jpg",
          onStage: (stage) =>
            patch(key, { progress: stage.stage === "sending" ? stage.progress : 0 }),
        });
        handles.current.set(key, handle);
        handle.promise.then(
          (upload) => {
            handles.current.delete(key);
            setImages((list) =>
              list.map((image) =>
                image.key === key
                  ? {
                      ...image,
                      phase: "ready",
                      progress: 1,
                      upload,
                      previewUrl: image.previewUrl ?? upload.thumbUrl,
                    }
                  : image,
              ),
            );
          },
          (error: unknown) => {
            handles.current.delete(key);
            if (error instanceof UploadAborted) return;
            patch(key, {
              phase: "failed",
              errorCode: isApiError(error) ? error.code : "NETWORK_ERROR",
            });
          },
        );
      }
      if (added.length) setImages((list) => [...list, ...added]);
    },
    [max],
  );

  const remove = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    handles.current.delete(key);
    const url = urls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(key);
    setImages((list) => list.filter((image) => image.key !== key));
    setRefused(null);
  }, []);

  /** Forgets an upload the server no longer knows (expired after 24 hours). */
  const removeAll = useCallback(() => {
    for (const handle of handles.current.values()) handle.abort();
    handles.current.clear();
    for (const url of urls.current.values()) URL.revokeObjectURL(url);
    urls.current.clear();
    setImages([]);
    setRefused(null);
  }, []);

  return { images, add, remove, removeAll, refused };
}
