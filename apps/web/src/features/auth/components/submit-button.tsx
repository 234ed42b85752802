import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A submit button that turns into a spinner with `busyLabel` and stays disabled while busy. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={busy || disabled} {...props}>
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
