import { KANVAS_LIMITS, KANVAS_RATIOS, LIMITS, type KanvasMode } from "@rupa/shared/constants";
import { ChevronDown, Coins, Dices, ImageIcon, Wand2, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { OutOfCreditsDialog, SignUpDialog } from "@/components/lazy-parts";
import { lazyShown } from "@/components/lazy-shown";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { kanvasPriceSentence } from "@/lib/kanvas-price";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useKanvas, type KanvasOptions } from "../hooks/use-kanvas";
import { ISSUE_KEYS } from "../lib/error-keys";
import { generateLabel } from "../lib/price-label";
import { HistoryList } from "./history-list";
import type { Preview } from "./preview-dialog";
import { ReferencePicker } from "./reference-picker";

const loadRunPanel = async () => (await import("./run-panel")).RunPanel;
/** The run's panel loads when a run first shows (or as one is asked for); NoRunYet before. */
const RunPanel = lazyShown(loadRunPanel, ({ run }) => run !== null);

const PreviewDialog = lazyShown(
  async () => (await import("./preview-dialog")).PreviewDialog,
  ({ preview }) => preview !== null,
);

export type { KanvasAccount } from "../hooks/use-kanvas";

const REFUSED_KEYS: Record<string, MessageKey> = {
  photo_unsupported_type: "errors.codes.photo_unsupported_type",
  photo_too_large: "errors.codes.photo_too_large",
};

function Chips<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
  render = String,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  render?: (value: T) => string;
}) {
  const labelId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <span id={labelId} className="text-sm font-semibold">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === value}
            disabled={disabled}
            onClick={() => onChange(option)}
            className={cn(
              "min-h-10 min-w-12 rounded-full border px-4 text-sm font-semibold tabular-nums transition-colors disabled:opacity-60",
              option === value
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-card hover:bg-muted",
            )}
          >
            {render(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Where the pictures will show, before the first run. */
function NoRunYet() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="kanvas-results"
      className="flex min-h-56 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed bg-card/60 p-6 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <ImageIcon aria-hidden className="size-6" />
      </span>
      <h2 id="kanvas-results" className="font-semibold">
        {t("kanvas.results.emptyTitle")}
      </h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t("kanvas.results.emptyBody")}</p>
    </section>
  );
}

/** /kanvas: text-to-image and image-to-image, paid per picture, followed live, with history. */
export function KanvasPage(options: KanvasOptions) {
  const i18n = useI18n();
  const { t } = i18n;
  const k = useKanvas(options);
  const { account } = options;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [advanced, setAdvanced] = useState(k.settings.negativePrompt.length > 0);
  const promptId = useId();
  const promptErrorId = useId();
  const tabsId = useId();

  const locked = k.busy !== "idle" || k.running;

  // On a phone the results sit under the form: bring a run that starts (or is found again) into view.
  const followedId = k.running ? (k.run?.id ?? null) : null;
  useEffect(() => {
    if (!followedId || window.matchMedia("(min-width: 1024px)").matches) return;
    document
      .getElementById("kanvas-results")
      ?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [followedId]);
  const promptIssue = k.issueFor("prompt");
  const negativeIssue = k.issueFor("negative");
  const negativeErrorId = useId();
  // A banned word in the negative prompt is shown next to it: open the section that holds it
  // (adjusted while rendering, when a new issue appears, not in an effect).
  const negativeKey = negativeIssue ? `${negativeIssue.code}:${negativeIssue.words ?? ""}` : null;
  const [openedFor, setOpenedFor] = useState(negativeKey);
  if (negativeKey !== openedFor) {
    setOpenedFor(negativeKey);
    if (negativeKey) setAdvanced(true);
  }
  const issueText = (issue: { code: keyof typeof ISSUE_KEYS; words?: string }) =>
    t(ISSUE_KEYS[issue.code], { max, words: issue.words ?? "" });
  const imageIssue = k.issueFor("images");
  const formIssue = k.issueFor("form");
  const max = k.max;
  const failedUpload = k.refs.images.find((image) => image.phase === "failed");
  const imagesError = imageIssue
    ? issueText(imageIssue)
    : k.refs.refused === "too_many_images"
      ? t("kanvas.errors.too_many_images", { max })
      : k.refs.refused && REFUSED_KEYS[k.refs.refused]
        ? t(REFUSED_KEYS[k.refs.refused]!)
        : failedUpload?.errorCode
          ? i18n.has(`errors.codes.${failedUpload.errorCode}`)
            ? t(`errors.codes.${failedUpload.errorCode}` as MessageKey)
            : t("generator.errors.uploadFailed")
          : null;

  const modeItems: { value: KanvasMode; label: string }[] = [
    { value: "image2image", label: t("kanvas.modes.image2image") },
    { value: "text2image", label: t("kanvas.modes.text2image") },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t("pages.kanvas.title")}>
        <p className="max-w-2xl text-muted-foreground">{t("kanvas.lead")}</p>
        {k.price !== null ? (
          <p
            data-testid="kanvas-price"
            className="flex w-fit items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary-soft-foreground"
          >
            <Coins aria-hidden className="size-4 shrink-0" />
            {kanvasPriceSentence(t, k.price)}
          </p>
        ) : null}
      </PageHeader>

      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <section
          aria-label={t("kanvas.form.section")}
          className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 shadow-soft sm:p-5"
        >
          <Tabs
            items={modeItems}
            value={k.settings.mode}
            onChange={(mode) => k.change({ mode })}
            label={t("kanvas.modes.label")}
            idBase={tabsId}
            // Both labels whole on a 360 px phone: each wraps inside its half (issue 34).
            tabClassName="min-w-0 flex-1 shrink px-2 text-center leading-tight whitespace-normal sm:px-4"
          />
          {/* The form below is the chosen mode's panel: the tabs' aria-controls point at it. */}
          <TabPanel idBase={tabsId} value={k.settings.mode} className="flex min-w-0 flex-col gap-5">
            <ReferencePicker
              images={k.refs.images}
              max={max}
              required={k.settings.mode === "image2image"}
              disabled={locked}
              error={imagesError}
              onAdd={(files) => k.refs.add(files, k.refs.images.length)}
              onRemove={k.refs.remove}
            />

            <div className="flex min-w-0 flex-col gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={promptId} className="text-sm font-semibold">
                  {t("kanvas.prompt.label")}
                </label>
                <span
                  className={cn(
                    "text-xs tabular-nums",
                    k.settings.prompt.length > LIMITS.kanvasPromptMax
                      ? "font-semibold text-destructive"
                      : "text-muted-foreground",
                  )}
                  aria-live="polite"
                >
                  {k.settings.prompt.length}/{LIMITS.kanvasPromptMax}
                </span>
              </div>
              <Textarea
                id={promptId}
                value={k.settings.prompt}
                onChange={(event) => k.change({ prompt: event.target.value })}
                placeholder={t("kanvas.prompt.placeholder")}
                aria-invalid={promptIssue ? true : undefined}
                aria-describedby={promptIssue ? promptErrorId : undefined}
                disabled={locked}
                className="min-h-28"
              />
              {promptIssue ? (
                <p id={promptErrorId} role="alert" className="text-sm font-medium text-destructive">
                  {issueText(promptIssue)}
                </p>
              ) : null}
            </div>

            <div className="flex min-w-0 flex-col gap-2">
              <button
                type="button"
                aria-expanded={advanced}
                onClick={() => setAdvanced((open) => !open)}
                className="flex w-fit items-center gap-1 text-sm font-semibold text-primary"
              >
                <ChevronDown
                  aria-hidden
                  className={cn("size-4 transition-transform", advanced && "rotate-180")}
                />
                {t("kanvas.advanced.toggle")}
              </button>
              {advanced ? (
                <Field label={t("kanvas.advanced.negative")} className="min-w-0 gap-2">
                  {(id) => (
                    <>
                      <Textarea
                        id={id}
                        value={k.settings.negativePrompt}
                        onChange={(event) => k.change({ negativePrompt: event.target.value })}
                        placeholder={t("kanvas.advanced.negativePlaceholder")}
                        maxLength={LIMITS.kanvasPromptMax}
                        aria-invalid={negativeIssue ? true : undefined}
                        aria-describedby={negativeIssue ? negativeErrorId : undefined}
                        disabled={locked}
                        className="min-h-20"
                      />
                      {negativeIssue ? (
                        <p
                          id={negativeErrorId}
                          role="alert"
                          className="text-sm font-medium text-destructive"
                        >
                          {issueText(negativeIssue)}
                        </p>
                      ) : null}
                    </>
                  )}
                </Field>
              ) : null}
            </div>

            <Chips
              label={t("kanvas.ratio.label")}
              options={KANVAS_RATIOS}
              value={k.settings.aspectRatio}
              onChange={(aspectRatio) => k.change({ aspectRatio })}
              disabled={locked}
            />
            <Chips
              label={t("kanvas.count.label")}
              options={[1, 2, 3, 4].slice(KANVAS_LIMITS.countMin - 1, KANVAS_LIMITS.countMax)}
              value={k.settings.count}
              onChange={(count) => k.change({ count })}
              disabled={locked}
            />

            {k.settings.seed !== null ? (
              <p className="flex w-fit items-center gap-2 rounded-full bg-muted py-1 pr-1 pl-3 text-xs font-semibold">
                <Dices aria-hidden className="size-4" />
                {t("kanvas.seed.using", { seed: k.settings.seed })}
                <button
                  type="button"
                  onClick={() => k.change({ seed: null })}
                  aria-label={t("kanvas.seed.clear")}
                  className="flex size-7 items-center justify-center rounded-full hover:bg-background"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </p>
            ) : null}

            <div className="flex flex-col gap-3">
              <Button
                size="lg"
                className="min-h-14 w-full text-base"
                disabled={locked || account.status === "loading"}
                onClick={() => {
                  // The run's panel downloads while the run is being asked for.
                  void loadRunPanel().catch(() => undefined);
                  void k.generate();
                }}
              >
                {locked ? <Spinner className="size-5" /> : <Wand2 aria-hidden className="size-5" />}
                {k.busy === "starting"
                  ? t("kanvas.generate.starting")
                  : k.running
                    ? t("kanvas.generate.running")
                    : generateLabel(t, k.settings.count, k.price)}
              </Button>
              <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
                <Coins aria-hidden className="size-4" />
                {account.status === "user"
                  ? t("kanvas.generate.balance", { balance: account.credits })
                  : t("kanvas.generate.guest")}
              </p>
              {formIssue ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {issueText(formIssue)}
                </p>
              ) : null}
              {k.notice ? (
                <p
                  role="alert"
                  className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
                >
                  {k.notice}
                </p>
              ) : null}
            </div>
          </TabPanel>
        </section>

        <div className="flex min-w-0 flex-col gap-6">
          {k.run ? null : <NoRunYet />}
          <RunPanel
            run={k.run}
            running={k.running}
            reconnecting={k.reconnecting}
            cancelling={k.busy === "cancelling"}
            onCancel={() => void k.cancel()}
            onOpen={(picture, run) => setPreview({ run, picture })}
          />
          {k.member ? (
            <HistoryList
              runs={k.historyRuns}
              loading={k.history.isPending}
              failed={k.history.isError}
              onRetry={() => void k.history.refetch()}
              onReuse={(run) => {
                k.reuse(run);
                if (run.negativePrompt) setAdvanced(true);
                toast.info(t("kanvas.history.reused"));
              }}
              onOpen={(run, picture) => setPreview({ run, picture })}
            />
          ) : null}
        </div>
      </div>

      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
      <SignUpDialog
        open={k.modal === "signUp"}
        onOpenChange={(open) => !open && k.setModal(null)}
        reason="member"
        picture={null}
        bonusCredits={k.bonusCredits}
      />
      <OutOfCreditsDialog
        open={k.modal === "outOfCredits"}
        onOpenChange={(open) => !open && k.setModal(null)}
        title={t("kanvas.outOfCredits.title")}
        body={
          account.status === "user" && k.total !== null
            ? t("kanvas.outOfCredits.body", { needed: k.total, balance: account.credits })
            : t("kanvas.outOfCredits.bodyPlain")
        }
      />
    </div>
  );
}
