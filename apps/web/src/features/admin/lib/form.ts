import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useMemo } from "react";
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormSetError,
} from "react-hook-form";
import { z } from "zod";
import { isApiError, type ApiIssue } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminErrorMessage, useAdminI18n, type AdminTranslate } from "./admin-i18n";
import { fieldIssueText } from "./server-codes";

/**
 * The admin forms' plumbing around react-hook-form (docs/architecture.md, convention 12): a
 * form checks its values with the shared zod schema the server validates the request with, and
 * shows a 400's `issues` under the same fields. Both kinds of issue name a place in the request
 * body (`["modelParameters", "num_steps"]`); `fieldOf` says which field of the form that is.
 */

/** The form field a request-body path names, or null when it names none. */
export type FieldOf<V extends FieldValues> = (path: readonly PropertyKey[]) => FieldPath<V> | null;

/** `fieldOf` for a form whose fields are the body's top-level keys. */
export function topLevelFields<V extends FieldValues>(fields: readonly FieldPath<V>[]): FieldOf<V> {
  return (path) => {
    const head = path[0];
    return typeof head === "string" && (fields as readonly string[]).includes(head)
      ? (head as FieldPath<V>)
      : null;
  };
}

export interface SchemaFormRules<V extends FieldValues, Body> {
  /** The shared schema of the request body (the one the server parses it with). */
  schema: z.ZodType<Body>;
  /** The form's values as the body the schema reads (a number typed as text becomes a number). */
  toBody: (values: V) => unknown;
  fieldOf: FieldOf<V>;
  /** What the field shows for the schema's issue, in the admin's language. */
  message: (field: FieldPath<V>, issue: z.core.$ZodIssue, values: V) => string;
}

/**
 * A react-hook-form resolver (zodResolver) on a shared schema: each issue is shown under the field
 * `fieldOf` names, worded by `message` (the schemas' own messages are the API's English). The
 * form submits what the schema outputs. An issue no field shows lands on `root` (FormBody shows
 * it), so the form is never sent while the schema refuses it.
 */
export function schemaResolver<V extends FieldValues, Body>(
  rules: SchemaFormRules<V, Body>,
  /** What the form says of an issue no field shows (the schema's English when not given). */
  rootText?: string,
): Resolver<V, unknown, Body> {
  const checked = z.custom<V>().transform((values, ctx) => {
    const result = rules.schema.safeParse(rules.toBody(values));
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = rules.fieldOf(issue.path);
      ctx.addIssue({
        code: "custom",
        path: field ? [field] : ["root"],
        message: field ? rules.message(field, issue, values) : (rootText ?? issue.message),
        input: values,
      });
    }
    return z.NEVER;
  });
  return zodResolver(checked);
}

/**
 * Puts a server 400's `issues` under the fields they name (the first issue per field), worded by
 * `text`; returns those fields in the server's order (empty when the error has no issues).
 */
export function setServerIssues<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  fieldOf: FieldOf<V>,
  text: (issue: ApiIssue) => string,
): FieldPath<V>[] {
  if (!isApiError(error) || !error.issues?.length) return [];
  const fields: FieldPath<V>[] = [];
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (!field || fields.includes(field)) continue;
    setError(field, { type: "server", message: text(issue) });
    fields.push(field);
  }
  return fields;
}

/**
 * An admin form on a shared schema: react-hook-form with `schemaResolver` over the rules
 * `rulesOf` gives in the admin's language, and `showServerIssues(error, text?)`, which puts a
 * 400's issues under the rules' fields (worded by `fieldIssueText` unless `text` says otherwise)
 * and returns those fields. `refused(error, title, text?)` is the one way a form reports a save
 * the server refused: the issues under their fields, then a `title` toast with the server's
 * reason under it; it returns the fields too. A form with its own answer to one status (a 409
 * duplicate, a 404 e-mail) gives it first. `rulesOf` is a function of `t` defined outside the
 * component, so the resolver is made again only when the language changes.
 *
 *   const { form, refused } = useSchemaForm(refundRules, { defaultValues });
 *   refund.mutate(body, { onError: (error) => refused(error, t("payments.toast.failed")) });
 */
export function useSchemaForm<V extends FieldValues, Body>(
  rulesOf: (t: AdminTranslate) => SchemaFormRules<V, Body>,
  options: Omit<UseFormProps<V, unknown, Body>, "resolver"> = {},
) {
  const { t, has } = useAdminI18n();
  const rules = useMemo(() => rulesOf(t), [rulesOf, t]);
  const resolver = useMemo(() => schemaResolver(rules, t("common.formInvalid")), [rules, t]);
  const form = useForm<V, unknown, Body>({ ...options, resolver });
  const { setError } = form;
  const showServerIssues = useCallback(
    (error: unknown, text?: (issue: ApiIssue) => string) =>
      setServerIssues(
        setError,
        error,
        rules.fieldOf,
        text ?? ((issue) => fieldIssueText(issue, { t, has })),
      ),
    [setError, rules, t, has],
  );
  const adminError = useAdminErrorMessage();
  const refused = useCallback(
    (error: unknown, title: string, text?: (issue: ApiIssue) => string) => {
      const fields = showServerIssues(error, text);
      toast.error(title, { description: adminError(error) });
      return fields;
    },
    [showServerIssues, adminError],
  );
  return { form, showServerIssues, refused };
}

/** A number typed as text: NaN when empty or not a number (the schema then refuses it). */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** A whole number typed as digits only ("12"), else NaN ("1.5", "1e3", "-2", ""). */
export function wholeNumberOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
