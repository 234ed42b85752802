import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * A submit button that turns into a spinner with `busyLabel` and stays disabled while busy, and
 * in a server-rendered form until its code runs (the browser would send the form itself).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="lg" disabled={busy || disabled || !hydrated} {...props}>
      {busy ? (
        <>
          <Spinner className="size-5" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
