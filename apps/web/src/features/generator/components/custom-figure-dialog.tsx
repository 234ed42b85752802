import { ImagePlus, Package, X } from "lucide-react";
import { useId, useRef } from "react";
import { HiddenFileInput } from "@/components/hidden-file-input";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, useTabsId } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { FigureVariant } from "../api/custom-figure";
import { useCustomFigure, type CustomFigureOptions } from "../hooks/use-custom-figure";
import { limitOf, VARIANT_FIELDS, type FigureField } from "../lib/custom-figure-form";
import { GenderPicker } from "./gender-picker";

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

/**
 * The custom action-figure dialog (docs/product/generator.md) and its profession variant. The photo
 * is the one chosen on the generator; the request and its generation start in one call, and the
 * result reaches the gallery like any other avatar.
 */
export function CustomFigureDialog(options: CustomFigureOptions) {
  const { open, onOpenChange, uploadId } = options;
  const { t } = useI18n();
  const figure = useCustomFigure(options);
  const { variant, fields, reference, submitting, disabled } = figure;
  const fileInput = useRef<HTMLInputElement | null>(null);
  const tabsId = useTabsId();
  const baseId = useId();
  const formId = `${tabsId}-panel-${variant}`;

  const field = (name: FigureField, required: boolean) => {
    const id = `${baseId}-${name}`;
    const max = limitOf(name, figure.limits);
    const problem = figure.problemOf(name);
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
          onChange={(e) => figure.editField(name, e.target.value)}
          onBlur={() => figure.touch(name)}
          {...(name === "otherIdeas" ? { rows: 3 } : {})}
        />
        {problem ? (
          <p
            id={`${id}-error`}
            role={problem.kind === "banned" ? "alert" : undefined}
            className="text-sm font-medium text-destructive"
          >
            {figure.messageOf(problem)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      className="max-w-lg"
      closeLabel={t("gallery.details.close")}
      title={
        <>
          <Package aria-hidden className="size-5 text-primary" />
          {t("customFigure.title")}
        </>
      }
      classNames={{ title: "flex items-center gap-2", footer: "flex-col gap-2 sm:flex-col" }}
      description={t("customFigure.description")}
      footer={
        <>
          <Button
            type="submit"
            form={formId}
            size="lg"
            className="w-full"
            disabled={figure.blocked}
          >
            {submitting ? <Spinner className="size-4" /> : <Package aria-hidden />}
            {submitting ? t("customFigure.submitting") : t("customFigure.submit")}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t("customFigure.cost")}</p>
        </>
      }
    >
      <Tabs<FigureVariant>
        items={[
          { value: "action_figure", label: t("customFigure.variantFigure") },
          { value: "profession", label: t("customFigure.variantProfession") },
        ]}
        value={variant}
        onChange={figure.chooseVariant}
        label={t("customFigure.variants")}
        idBase={tabsId}
        className="w-full"
        tabClassName="flex-1"
      />

      <form
        // The chosen variant's panel: the tab's aria-controls points at this id.
        id={formId}
        role="tabpanel"
        aria-labelledby={`${tabsId}-tab-${variant}`}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void figure.submit();
        }}
      >
        {figure.state.isPending ? (
          <Spinner className="mx-auto size-6" />
        ) : figure.state.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t("customFigure.errors.loadFailed")}
          </p>
        ) : !figure.config && !disabled ? (
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
            {figure.needsReference ? (
              <span className="text-destructive">*</span>
            ) : (
              <span className="font-normal text-muted-foreground">
                {t("customFigure.reference.optional")}
              </span>
            )}
          </p>
          <HiddenFileInput
            ref={fileInput}
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) figure.chooseReference(file);
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
                onClick={figure.removeReference}
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
          <GenderPicker
            value={figure.gender}
            optional
            disabled={submitting}
            onChange={figure.setGender}
          />
        ) : null}

        {figure.serverError ? (
          <p
            role="alert"
            className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            {figure.serverError}
          </p>
        ) : null}
      </form>
    </TitledDialog>
  );
}
