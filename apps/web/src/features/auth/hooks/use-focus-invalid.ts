import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * After a refused submit, moves focus to the first invalid field of the form so keyboard and
 * screen-reader users land on the problem. Call `focusInvalid()` after setting the errors.
 */
export function useFocusInvalid(): {
  formRef: RefObject<HTMLFormElement | null>;
  focusInvalid: () => void;
} {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const focusInvalid = useCallback(() => setAttempt((n) => n + 1), []);
  return { formRef, focusInvalid };
}
