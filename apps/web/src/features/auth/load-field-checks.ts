/**
 * The forms' checks (field-checks.ts, with zod): fetched once, when a form is first focused or
 * sent. Its own module: field-checks.ts builds on validation.ts, which must not import it back.
 */
export const loadFieldChecks = () => import("./field-checks");
