import type { Generation } from "@rupa/shared";
import { ImagePlus, Package, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, useTabsId } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  requestCustomFigure,
  useCustomFigureState,
  type FigureVariant,
} from "../api/custom-figure";
import { uploadPhoto, UploadAborted, type UploadHandle } from "../api/upload-photo";
import {
  canSubmitFigure,
  EMPTY_FIELDS,
  figurePayload,
  limitOf,
  validateFigure,
  VARIANT_FIELDS,
  type FieldProblem,
  type FigureField,
  type FigureFields,
} from "../lib/custom-figure-form";
import { GenderPicker, type Gender } from "./gender-picker";

const MAX_REFERENCE_BYTES = 10 * 1024 * 1024;

const LABELS: Record<FigureField, { label: MessageKey; placeholder: MessageKey }> = {
  title: {
    label: "customFigure.fields.title",
    placeholder: "customFigure.fields.titlePlaceholder",
  },
  accessories: {
    label: "customFigure.fields.accessories",
    placeholder: "customFigure.fields.accessoriesPlaceholder",
  },
  otherIdeas: {
    label: "customFigure.fields.otherIdeas",
    placeholder: "customFigure.fields.otherIdeasPlaceholder",
  },
  profession: {
    label: "customFigure.fields.profession",
    placeholder: "customFigure.fields.professionPlaceholder",
  },
  uniformStyle: {
    label: "customFigure.fields.uniformStyle",
    placeholder: "customFigure.fields.uniformStylePlaceholder",
  },
  props: {
    label: "customFigure.fields.props",
    placeholder: "customFigure.fields.propsPlaceholder",
  },
};

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

/**
 * The custom action-figure dialog (spec §2) and its profession variant. The photo is the one
 * chosen on the generator; the request and its generation start in one call, and the result
 * reaches the gallery like any other avatar.
 */
export function CustomFigureDialog({
  open,
  onOpenChange,
  uploadId,
  onStarted,
  onRefused,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The generator's uploaded photo, or null while none is ready. */
  uploadId: string | null;
  onStarted: (generation: Generation) => void;
  /** Errors the generator page handles itself (out of credits, …); true when handled. */
  onRefused: (error: unknown) => boolean;
}) {
  const { t, has } = useI18n();
  const [variant, setVariant] = useState<FigureVariant>("action_figure");
  const state = useCustomFigureState(variant, open);
  const config = state.data?.config ?? null;
  const [fields, setFields] = useState<FigureFields>(EMPTY_FIELDS);
  const [gender, setGender] = useState<Gender | null>(null);
  const [touched, setTouched] = useState<Set<FigureField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [reference, setReference] = useState<Reference>({ phase: "none" });
  const referenceUpload = useRef<UploadHandle | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const tabsId = useTabsId();
  const baseId = useId();

  // The server's switch is the truth: when it is off, say so and close (spec §5).
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
    submitted || touched.has(field) ? problems.find((p) => p.field === field) : undefined;
  const messageOf = (p: FieldProblem) =>
    p.kind === "required"
      ? t(REQUIRED_KEYS[p.field] ?? "customFigure.errors.titleRequired")
      : t("customFigure.errors.tooLong", { max: p.max ?? 200 });

  const chooseReference = (file: File) => {
    const previous = referenceUpload.current;
    referenceUpload.current = null;
    previous?.abort();
    if (file.size > MAX_REFERENCE_BYTES) {
      setPreview(null);
      setReference({ phase: "failed", message: t("customFigure.reference.tooLarge") });
      return;
    }
    const preview = URL.createObjectURL(file);
    setPreview(preview);
    setReference({ phase: "uploading", progress: 0, preview });
    const handle = uploadPhoto(file, file.name || "reference.jpg", (progress) =>
      setReference((r) => (r.phase === "uploading" ? { ...r, progress } : r)),
    );
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
    if (blocked || problems.length > 0 || !config || !uploadId) return;
    setSubmitting(true);
    try {
      const { generation } = await requestCustomFigure({
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
      } else if (!onRefused(error)) {
        setServerError(errorMessage(error, { t, has }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: FigureField, required: boolean) => {
    const id = `${baseId}-${name}`;
    const max = limitOf(name, limits);
    const problem = problemOf(name);
    const Control = name === "otherIdeas" ? Textarea : Input;
    return (
      <div key={name} className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={id} className="text-sm font-semibold">
            {t(LABELS[name].label)}{" "}
            {required ? (
              <span className="text-destructive" aria-hidden>
                *
              </span>
            ) : (
              <span className="font-normal text-muted-foreground">
                {t("customFigure.fields.optional")}
              </span>
            )}
            {required ? (
              <span className="sr-only">({t("customFigure.fields.required")})</span>
            ) : null}
          </label>
          <span
            id={`${id}-count`}
            className={cn(
              "text-xs tabular-nums text-muted-foreground",
              fields[name].length > max && "font-semibold text-destructive",
            )}
          >
            {t("customFigure.fields.counter", { count: fields[name].length, max })}
          </span>
        </div>
        <Control
          id={id}
          value={fields[name]}
          maxLength={max}
          required={required}
          placeholder={t(LABELS[name].placeholder)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count${problem ? ` ${id}-error` : ""}`}
          disabled={submitting}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          onBlur={() => setTouched((s) => new Set(s).add(name))}
          {...(name === "otherIdeas" ? { rows: 3 } : {})}
        />
        {problem ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {messageOf(problem)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent className="max-w-lg" closeLabel={t("gallery.details.close")}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Package aria-hidden className="size-5 text-primary" />
            {t("customFigure.title")}
          </DialogTitle>
          <DialogDescription>{t("customFigure.description")}</DialogDescription>
        </DialogHeader>

        <Tabs<FigureVariant>
          items={[
            { value: "action_figure", label: t("customFigure.variantFigure") },
            { value: "profession", label: t("customFigure.variantProfession") },
          ]}
          value={variant}
          onChange={(v) => {
            setVariant(v);
            setSubmitted(false);
            setServerError(null);
          }}
          label={t("customFigure.variants")}
          idBase={tabsId}
          className="w-full"
          tabClassName="flex-1"
        />

        <form
          id={`${baseId}-form`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-tab-${variant}`}
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {state.isPending ? (
            <Spinner className="mx-auto size-6" />
          ) : state.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t("customFigure.errors.loadFailed")}
            </p>
          ) : !config && !disabled ? (
            <p role="alert" className="rounded-lg bg-muted px-3 py-2 text-sm">
              {t("customFigure.errors.noConfig")}
            </p>
          ) : null}

          <p
            className={cn(
              "rounded-lg px-3 py-2 text-sm",
              uploadId ? "bg-primary-soft/60" : "bg-destructive/10 font-medium text-destructive",
            )}
          >
            {uploadId ? t("customFigure.photo") : t("customFigure.photoMissing")}
          </p>

          <div className="flex flex-col gap-2">
            <p className="text-sm font-semibold">
              {t("customFigure.reference.label")}{" "}
              {needsReference ? (
                <span className="text-destructive">*</span>
              ) : (
                <span className="font-normal text-muted-foreground">
                  {t("customFigure.reference.optional")}
                </span>
              )}
            </p>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) chooseReference(file);
              }}
            />
            {reference.phase === "uploading" || reference.phase === "ready" ? (
              <div className="flex items-center gap-3 rounded-xl border p-2">
                <img
                  src={reference.preview}
                  alt={t("customFigure.reference.alt")}
                  className="size-14 rounded-lg object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                  {reference.phase === "uploading" ? (
                    <>
                      <span>{t("customFigure.reference.uploading")}</span>
                      <Progress
                        value={reference.progress * 100}
                        aria-label={t("customFigure.reference.uploading")}
                        className="h-1.5"
                      />
                    </>
                  ) : (
                    <span role="status" className="font-medium text-emerald-700">
                      {t("customFigure.reference.ready")}
                    </span>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t("customFigure.reference.remove")}
                  onClick={removeReference}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
            ) : (
              <Button
                type="button"
                variant="outline"
                className="w-full sm:w-fit"
                disabled={submitting}
                onClick={() => fileInput.current?.click()}
              >
                <ImagePlus aria-hidden />
                {t("customFigure.reference.choose")}
              </Button>
            )}
            <p className="text-xs text-muted-foreground">{t("customFigure.reference.hint")}</p>
            {reference.phase === "failed" ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {reference.message}
              </p>
            ) : null}
          </div>

          {VARIANT_FIELDS[variant].map(({ field: name, required }) => field(name, required))}

          {variant === "profession" ? (
            <GenderPicker value={gender} optional disabled={submitting} onChange={setGender} />
          ) : null}

          {serverError ? (
            <p
              role="alert"
              className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
            >
              {serverError}
            </p>
          ) : null}
        </form>

        <DialogFooter className="flex-col gap-2 sm:flex-col">
          <Button
            type="submit"
            form={`${baseId}-form`}
            size="lg"
            className="w-full"
            disabled={blocked}
          >
            {submitting ? <Spinner className="size-4" /> : <Package aria-hidden />}
            {submitting ? t("customFigure.submitting") : t("customFigure.submit")}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t("customFigure.cost")}</p>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
