import type { FigureVariant } from "../api/custom-figure";

export type FigureFields = {
  title: string;
  accessories: string;
  otherIdeas: string;
  profession: string;
  uniformStyle: string;
  props: string;
};
export type FigureField = keyof FigureFields;
export type FigureLimits = { title: number; accessories: number; otherIdeas: number };
/** A field's problem: the form's own checks, or banned `words` (quoted) the server found in it. */
export type FieldProblem = {
  field: FigureField;
  kind: "required" | "tooLong" | "banned";
  max?: number;
  words?: string;
};

export const EMPTY_FIELDS: FigureFields = {
  title: "",
  accessories: "",
  otherIdeas: "",
  profession: "",
  uniformStyle: "",
  props: "",
};

/** Fields of each variant, in form order, with whether they are required. */
export const VARIANT_FIELDS: Record<FigureVariant, { field: FigureField; required: boolean }[]> = {
  action_figure: [
    { field: "accessories", required: true },
    { field: "title", required: true },
    { field: "otherIdeas", required: false },
  ],
  profession: [
    { field: "profession", required: true },
    { field: "uniformStyle", required: false },
    { field: "props", required: false },
  ],
};

/** The configured limit of a field (profession fields are 200, docs/product/generator.md). */
export function limitOf(field: FigureField, limits: FigureLimits | null): number {
  if (field === "title" || field === "accessories" || field === "otherIdeas")
    return limits?.[field] ?? 200;
  return 200;
}

/** The same checks the server makes, so the form can say what is wrong before sending. */
export function validateFigure(
  variant: FigureVariant,
  fields: FigureFields,
  limits: FigureLimits | null,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { field, required } of VARIANT_FIELDS[variant]) {
    const value = fields[field].trim();
    const max = limitOf(field, limits);
    if (required && !value) problems.push({ field, kind: "required" });
    else if (value.length > max) problems.push({ field, kind: "tooLong", max });
  }
  return problems;
}

/** Whether "Generate Action Figure" may be pressed: the variant's main field is filled. */
export function canSubmitFigure(variant: FigureVariant, fields: FigureFields): boolean {
  return variant === "profession" ? fields.profession.trim() !== "" : fields.title.trim() !== "";
}

/** Trimmed values of the variant's fields, leaving out the empty ones. */
export function figurePayload(variant: FigureVariant, fields: FigureFields) {
  const out: Partial<FigureFields> = {};
  for (const { field } of VARIANT_FIELDS[variant]) {
    const value = fields[field].trim();
    if (value) out[field] = value;
  }
  return out;
}
