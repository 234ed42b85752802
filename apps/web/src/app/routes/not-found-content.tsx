import { Compass, House } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

/** "Oops! Page not found" with a way home; also used for unknown admin sections. */
export function NotFoundContent() {
  const { t } = useI18n();
  useSeo({
    title: t("pages.notFound.seoTitle"),
    description: t("pages.notFound.description"),
    noindex: true,
  });

  return (
    <div className="flex flex-1 items-center justify-center py-6 md:py-10">
      <div className="flex w-full max-w-xl flex-col items-center text-center">
        <div aria-hidden className="relative mb-6 select-none">
          <div className="absolute inset-0 -z-10 scale-125 rounded-full bg-gradient-to-br from-primary-soft via-accent-soft to-transparent blur-2xl" />
          <p className="bg-gradient-to-br from-primary via-primary to-accent bg-clip-text text-[6.5rem] leading-none font-black tracking-tighter text-transparent sm:text-[8rem]">
            {t("pages.notFound.code")}
          </p>
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
          {t("pages.notFound.title")}
        </h1>
        <p className="mt-3 max-w-md text-base text-pretty text-muted-foreground">
          {t("pages.notFound.body")}
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button size="lg" asChild>
            <PageLink href="/">
              <House aria-hidden />
              {t("pages.notFound.home")}
            </PageLink>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <PageLink href="/eksplor">
              <Compass aria-hidden />
              {t("pages.notFound.explore")}
            </PageLink>
          </Button>
        </div>
      </div>
    </div>
  );
}
