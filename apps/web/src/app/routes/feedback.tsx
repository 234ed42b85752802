import { PageHeader } from "@/components/page-header";
import { useSession } from "@/features/auth/api/me";
import { FeedbackFormView } from "@/features/feedback/components/feedback-form";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function FeedbackRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.feedback.title"), description: t("pages.feedback.description") });
  const session = useSession();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title={t("pages.feedback.title")}>
        <p className="text-muted-foreground">{t("feedback.lead")}</p>
      </PageHeader>
      <FeedbackFormView defaultEmail={session.user?.email ?? null} />
    </div>
  );
}
