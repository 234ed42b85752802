import { useEffect, type FormEventHandler, type ReactNode, type RefObject } from "react";
import { loadFieldChecks } from "../load-field-checks";

/**
 * What was typed into the server's HTML of a form before its code ran (docs/decisions/049):
 * React hydrates the fields with the state they were rendered with and keeps the browser's
 * value on screen, so each such field is replayed as the input React would have seen. Outside
 * a hydrated page every field already holds its state, and nothing happens.
 */
function adoptEarlyInput(form: HTMLFormElement): void {
  for (const input of form.querySelectorAll("input")) {
    if (input.type === "checkbox") {
      if (input.checked === input.defaultChecked) continue;
      // Back to what React rendered, then a click, which ticks it again through React.
      input.checked = input.defaultChecked;
      input.click();
    } else if (input.type !== "file" && input.value !== input.defaultValue) {
      const typed = input.value;
      // React notices a change against the last value it saw: let it see the rendered one, then
      // put the typed one back past React's watch (the element's own setter).
      input.value = input.defaultValue;
      Reflect.set(HTMLInputElement.prototype, "value", typed, input);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

/**
 * The form of the sign-in, sign-up, forgot and reset password pages: the browser's own checks
 * off (ours show under each field), and the field checks fetched as soon as the form is first
 * focused, so they are there when it is sent (load-field-checks.ts). Its submit buttons wait
 * for the page's code (SubmitButton), and what was typed before is kept (adoptEarlyInput).
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
  useEffect(() => {
    if (formRef.current) adoptEarlyInput(formRef.current);
  }, [formRef]);
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
