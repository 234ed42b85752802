import { ArrowDown, ArrowUp, ImageOff, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { ImageSet } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { AdminDialog } from "../../components/admin-dialogs";
import {
  useAddPair,
  useDeletePair,
  useReorderPairs,
  useStylePairs,
  type AdminStyleRow,
} from "../api";
import { useAdminErrorMessage, useAdminI18n } from "../../lib/admin-i18n";

function Thumb({ image, label }: { image: ImageSet | null; label: string }) {
  const { t } = useAdminI18n();
  return (
    <figure className="flex flex-col items-center gap-1">
      {image ? (
        <img
          src={image.card}
          alt={label}
          width={72}
          height={90}
          className="h-[90px] w-[72px] rounded-lg border object-cover"
        />
      ) : (
        <div className="flex h-[90px] w-[72px] flex-col items-center justify-center gap-1 rounded-lg border bg-muted text-[10px] text-muted-foreground">
          <ImageOff aria-hidden className="size-4" />
          {t("styles.pairs.missing")}
        </div>
      )}
      <figcaption className="text-xs text-muted-foreground">{label}</figcaption>
    </figure>
  );
}

function AddPairForm({ styleId }: { styleId: string }) {
  const { t } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [before, setBefore] = useState<File | null>(null);
  const [after, setAfter] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const add = useAddPair(styleId);
  return (
    <form
      ref={formRef}
      className="grid gap-3 rounded-xl border border-dashed p-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!before || !after) {
          toast.error(t("styles.pairs.chooseBoth"));
          return;
        }
        add.mutate(
          { before, after, title },
          {
            onSuccess: () => {
              toast.success(t("styles.toast.pairAdded"));
              formRef.current?.reset();
              setBefore(null);
              setAfter(null);
              setTitle("");
            },
            onError: (error) =>
              toast.error(t("styles.toast.uploadFailed"), {
                description: adminError(error),
              }),
          },
        );
      }}
    >
      <Field label={t("styles.pairs.before")} className="gap-1.5">
        {(id) => (
          <Input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            onChange={(e) => setBefore(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field label={t("styles.pairs.after")} className="gap-1.5">
        {(id) => (
          <Input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            onChange={(e) => setAfter(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field label={t("styles.pairs.titleLabel")} className="gap-1.5 sm:col-span-2">
        {(id) => (
          <Input id={id} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      <Button type="submit" className="sm:col-span-2" disabled={add.isPending}>
        {add.isPending ? t("styles.pairs.adding") : t("styles.pairs.add")}
      </Button>
    </form>
  );
}

/** A style's before/after pairs: upload a new pair, move pairs up or down, delete one. */
export function StylePairsDialog({
  style,
  onClose,
}: {
  style: AdminStyleRow | null;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminDialog
      open={style !== null}
      onOpenChange={(open) => !open && onClose()}
      className="max-w-2xl"
      title={t("styles.pairs.title", { name: style?.nameId ?? "" })}
      description={t("styles.pairs.description")}
    >
      {style && <PairsBody styleId={style.id} />}
    </AdminDialog>
  );
}

function PairsBody({ styleId }: { styleId: string }) {
  const { t } = useAdminI18n();
  const pairs = useStylePairs(styleId);
  const reorder = useReorderPairs(styleId);
  const remove = useDeletePair(styleId);
  const list = pairs.data ?? [];
  const busy = reorder.isPending || remove.isPending;

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, {
      onSuccess: () => toast.success(t("styles.toast.pairsReordered")),
      onError: () => toast.error(t("styles.toast.updateFailed")),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {pairs.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : pairs.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="font-semibold">{t("styles.pairs.loadFailed")}</p>
          <Button variant="outline" onClick={() => void pairs.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="py-4 text-center text-muted-foreground">{t("styles.pairs.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-busy={busy}>
          {list.map((p, i) => {
            const n = i + 1;
            return (
              <li
                key={p.id}
                data-testid="style-pair"
                className="flex flex-wrap items-center gap-3 rounded-xl border p-3"
              >
                <span className="w-6 text-center font-bold tabular-nums">{n}</span>
                <Thumb image={p.before} label={t("styles.pairs.before")} />
                <Thumb image={p.after} label={t("styles.pairs.after")} />
                <span className="min-w-0 flex-1 text-sm break-words">
                  {p.title ?? t("styles.pairs.pairLabel", { n })}
                </span>
                <div className="flex gap-1">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t("styles.pairs.moveUp", { n })}
                    disabled={busy || i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t("styles.pairs.moveDown", { n })}
                    disabled={busy || i === list.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t("styles.pairs.delete", { n })}
                    disabled={busy}
                    onClick={() =>
                      remove.mutate(p.id, {
                        onSuccess: () => toast.success(t("styles.toast.pairDeleted")),
                        onError: () => toast.error(t("styles.toast.updateFailed")),
                      })
                    }
                  >
                    <Trash2 aria-hidden className="text-destructive" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <AddPairForm styleId={styleId} />
    </div>
  );
}
