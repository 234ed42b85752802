import type { Generation } from "@rupa/shared";
import { useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { bannedWords, errorMessage, quoteWords } from "@/lib/error-message";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import {
  useCustomFigureState,
  useRequestCustomFigure,
  type FigureVariant,
} from "../api/custom-figure";
import { MAX_UPLOAD_BYTES } from "@/lib/image";
import { uploadPhoto, UploadAborted, type UploadHandle } from "@/lib/upload-photo";
import type { Gender } from "../components/gender-picker";
import {
  canSubmitFigure,
  EMPTY_FIELDS,
  VARIANT_FIELDS,
  figurePayload,
  validateFigure,
  type FieldProblem,
  type FigureField,
  type FigureFields,
} from "../lib/custom-figure-form";

const REQUIRED_KEYS: Partial<Record<FigureField, MessageKey>> = {
  title: "customFigure.errors.titleRequired",
  accessories: "customFigure.errors.accessoriesRequired",
  profession: "customFigure.errors.professionRequired",
};

type Reference =
  | { phase: "none" }
  | { phase: "uploading"; progress: number; preview: string }
  | { phase: "ready"; id: string; preview: string }
  | { phase: "failed"; message: string };

export type CustomFigureOptions = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The generator's uploaded photo, or null while none is ready. */
  uploadId: string | null;
  onStarted: (generation: Generation) => void;
  /** Errors the generator page handles itself (out of credits, …); true when handled. */
  onRefused: (error: unknown) => boolean;
};

/**
 * The custom figure form's state: variant, fields and their problems, the optional reference
 * photo's upload, and sending the request. CustomFigureDialog renders it.
 */
export function useCustomFigure({
  open,
  onOpenChange,
  uploadId,
  onStarted,
  onRefused,
}: CustomFigureOptions) {
  const { t, has } = useI18n();
  const [variant, setVariant] = useState<FigureVariant>("action_figure");
  const state = useCustomFigureState(variant, open);
  const config = state.data?.config ?? null;
  const [fields, setFields] = useState<FigureFields>(EMPTY_FIELDS);
  const [gender, setGender] = useState<Gender | null>(null);
  const [touched, setTouched] = useState<Set<FigureField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestCustomFigure();
  const submitting = request.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  // Banned words the server found, by the field they were typed in (cleared when it changes).
  const [refused, setRefused] = useState<FieldProblem[]>([]);
  const [reference, setReference] = useState<Reference>({ phase: "none" });
  const referenceUpload = useRef<UploadHandle | null>(null);

  // The server's switch is the truth: when it is off, say so and close (docs/product/generator.md).
  const disabled = state.data?.enabled === false;
  useEffect(() => {
    if (open && disabled) {
      toast.error(t("customFigure.errors.disabled"));
      onOpenChange(false);
    }
  }, [open, disabled, onOpenChange, t]);

  // Leaving the dialog cancels a reference upload still on its way (the choice is cleared, so
  // reopening starts clean); unmounting also lets go of the preview.
  const previewUrl = useRef<string | null>(null);
  useEffect(() => {
    if (!open) referenceUpload.current?.abort();
  }, [open]);
  useEffect(
    () => () => {
      referenceUpload.current?.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );
  const setPreview = (url: string | null) => {
    if (previewUrl.current && previewUrl.current !== url) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = url;
  };

  const limits = config?.limits ?? null;
  const problems = validateFigure(variant, fields, limits);
  const problemOf = (field: FigureField): FieldProblem | undefined =>
    (submitted || touched.has(field) ? problems.find((p) => p.field === field) : undefined) ??
    refused.find((p) => p.field === field);
  const messageOf = (p: FieldProblem) =>
    p.kind === "required"
      ? t(REQUIRED_KEYS[p.field] ?? "customFigure.errors.titleRequired")
      : p.kind === "banned"
        ? t("customFigure.errors.banned", { words: p.words ?? "" })
        : t("customFigure.errors.tooLong", { max: p.max ?? 200 });

  const chooseReference = (file: File) => {
    const previous = referenceUpload.current;
    referenceUpload.current = null;
    previous?.abort();
    if (file.size > MAX_UPLOAD_BYTES) {
      setPreview(null);
      setReference({ phase: "failed", message: t("customFigure.reference.tooLarge") });
      return;
    }
    const preview = URL.createObjectURL(file);
    setPreview(preview);
    setReference({ phase: "uploading", progress: 0, preview });
    const handle = uploadPhoto(file, {
      name: file.name || "reference.jpg",
      onStage: (stage) => {
        const progress = stage.stage === "sending" ? stage.progress : 0;
        setReference((r) => (r.phase === "uploading" ? { ...r, progress } : r));
      },
    });
    referenceUpload.current = handle;
    handle.promise.then(
      (upload) => {
        if (referenceUpload.current === handle) referenceUpload.current = null;
        setReference({ phase: "ready", id: upload.id, preview });
      },
      (error: unknown) => {
        // A newer choice replaced this upload: that one owns the state now.
        if (referenceUpload.current !== handle) return;
        referenceUpload.current = null;
        setPreview(null);
        setReference(
          error instanceof UploadAborted
            ? { phase: "none" }
            : { phase: "failed", message: errorMessage(error, { t, has }) },
        );
      },
    );
  };
  const removeReference = () => {
    const upload = referenceUpload.current;
    referenceUpload.current = null;
    upload?.abort();
    setPreview(null);
    setReference({ phase: "none" });
  };

  const needsReference = !!config?.requiresReferenceImage;
  const blocked =
    submitting ||
    !config ||
    !uploadId ||
    !canSubmitFigure(variant, fields) ||
    reference.phase === "uploading" ||
    (needsReference && reference.phase !== "ready");

  const submit = async () => {
    setSubmitted(true);
    setServerError(null);
    setRefused([]);
    if (blocked || problems.length > 0 || !config || !uploadId) return;
    try {
      const { generation } = await request.mutateAsync({
        configId: config.id,
        uploadId,
        ...figurePayload(variant, fields),
        ...(reference.phase === "ready" ? { referenceUploadId: reference.id } : {}),
        ...(variant === "profession" && gender ? { gender } : {}),
      });
      toast.success(t("customFigure.created"));
      setFields(EMPTY_FIELDS);
      setTouched(new Set());
      setSubmitted(false);
      removeReference();
      onStarted(generation);
    } catch (error) {
      if (isApiError(error) && error.code === "feature_disabled") {
        toast.error(t("customFigure.errors.disabled"));
        void state.refetch();
        onOpenChange(false);
      } else if (isApiError(error) && error.code === "banned_content") {
        // Each word is named under the field it was typed in; the form stays as it was.
        const named = VARIANT_FIELDS[variant].flatMap(({ field }): FieldProblem[] => {
          const words = bannedWords(error, field);
          return words.length ? [{ field, kind: "banned", words: quoteWords(words) }] : [];
        });
        if (named.length) setRefused(named);
        else setServerError(errorMessage(error, { t, has }));
      } else if (!onRefused(error)) {
        setServerError(errorMessage(error, { t, has }));
      }
    }
  };

  const chooseVariant = (next: FigureVariant) => {
    setVariant(next);
    setSubmitted(false);
    setServerError(null);
    setRefused([]);
  };
  const editField = (name: FigureField, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setRefused((r) => r.filter((p) => p.field !== name));
  };
  const touch = (name: FigureField) => setTouched((s) => new Set(s).add(name));

  return {
    variant,
    chooseVariant,
    state,
    config,
    disabled,
    limits,
    fields,
    editField,
    touch,
    problemOf,
    messageOf,
    gender,
    setGender,
    reference,
    chooseReference,
    removeReference,
    needsReference,
    blocked,
    submitting,
    serverError,
    submit,
  };
}
