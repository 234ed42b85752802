import { WalletCards, Mail, QrCode, Lock, Store, Rocket, Building2 } from "lucide-react";
import { Panel } from "@/components/panel";
import { useI18n } from "@/lib/i18n";

/** Accepted methods, automatic credits, the e-mailed receipt. */
export function PaymentInfo() {
  const { t } = useI18n();
  const methods = [
    { icon: QrCode, label: t("payments.info.walletsLabel"), value: t("payments.info.wallets") },
    { icon: Building2, label: t("payments.info.vaLabel"), value: t("payments.info.va") },
    { icon: Store, label: t("payments.info.storesLabel"), value: t("payments.info.stores") },
  ];
  const notes = [
    { icon: Rocket, text: t("payments.info.automatic") },
    { icon: Mail, text: t("payments.info.receipt") },
    { icon: Lock, text: t("payments.info.secure") },
  ];
  return (
    <Panel title={t("payments.info.title")} icon={<WalletCards aria-hidden />}>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-bold text-muted-foreground">
          {t("payments.info.methodsTitle")}
        </h3>
        <dl className="grid gap-2 sm:grid-cols-3">
          {/* A <dl> holds only its terms, either bare or each in one <div>: the icon sits in the
              term, placed in the padding beside both lines. */}
          {methods.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative min-w-0 rounded-2xl bg-muted p-3.5 pl-11.5">
              <dt className="text-xs font-semibold text-muted-foreground">
                <Icon aria-hidden className="absolute top-4 left-3.5 size-5 text-primary" />
                {label}
              </dt>
              <dd className="mt-0.5 text-sm font-bold text-pretty">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ul className="flex flex-col gap-2.5">
        {notes.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 text-sm text-pretty text-muted-foreground">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
