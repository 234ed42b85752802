import type { FormEventHandler, ReactNode, RefObject } from "react";
import { loadFieldChecks } from "../load-field-checks";

/**
 * The form of the sign-in, sign-up, forgot and reset password pages: the browser's own checks
 * off (ours show under each field), and the field checks fetched as soon as the form is first
 * focused, so they are there when it is sent (load-field-checks.ts).
 */
export function AuthForm({
  formRef,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadFieldChecks()}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}
