import { cn } from "@/lib/utils";

/**
 * The admin panel's on/off switch (a style, a configuration, a banned keyword, a security
 * setting): shows the state being asked for while the change is pending, and its label beside it
 * when there is one.
 */
export function ActiveSwitch({
  on,
  pending,
  label,
  text,
  onToggle,
  testId,
  className,
}: {
  on: boolean;
  pending?: boolean;
  /** The accessible name, e.g. "Active: Anime Shonen". */
  label: string;
  /** The visible state, e.g. "Active" / "Inactive"; none when the switch's name is beside it. */
  text?: string;
  onToggle: () => void;
  testId?: string;
  className?: string;
}) {
  const shown = pending ? !on : on;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={shown}
      aria-label={label}
      disabled={pending}
      onClick={onToggle}
      data-testid={testId}
      className={cn(
        "inline-flex min-h-9 items-center gap-2 rounded-full text-xs font-semibold disabled:opacity-60",
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          "relative inline-flex h-6 w-10 shrink-0 rounded-full transition-colors",
          shown ? "bg-primary" : "bg-muted-foreground/30",
        )}
      >
        <span
          className={cn(
            "absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform",
            shown ? "translate-x-[1.125rem]" : "translate-x-0.5",
          )}
        />
      </span>
      {text && <span className={shown ? "text-foreground" : "text-muted-foreground"}>{text}</span>}
    </button>
  );
}
