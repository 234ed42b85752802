import { useId, type ComponentProps } from "react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** Rupa's mark: the same drawing as public/favicon.svg. Decorative; pair it with the name. */
export function LogoMark({ className, ...props }: ComponentProps<"svg">) {
  const gradient = useId();
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      className={cn("size-9 shrink-0", className)}
      {...props}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b3df5" />
          <stop offset="0.62" stopColor="#4a23c9" />
          <stop offset="1" stopColor="#ff7a45" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path
        d="M21 47V17h12.5c6.4 0 10.5 3.7 10.5 9.3 0 4.2-2.3 7.3-6.1 8.6L45 47h-7.6l-6.6-11.2H27.6V47H21Zm6.6-16.6h5.4c3 0 4.6-1.5 4.6-4 0-2.6-1.6-4-4.6-4h-5.4v8Z"
        fill="#fff"
      />
      <circle cx="49" cy="15" r="4" fill="#ffd2b8" />
    </svg>
  );
}

/** Mark plus the word "Rupa". */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  const { t } = useI18n();
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark className={markClassName} />
      <span className="text-xl font-extrabold tracking-tight text-foreground">{t("app.name")}</span>
    </span>
  );
}
