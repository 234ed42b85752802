import { Slot } from "@radix-ui/react-slot";
import {
  createContext,
  use,
  useCallback,
  useId,
  useMemo,
  type ComponentProps,
  type FormEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type Control,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from "react-hook-form";
import { cn } from "@/lib/utils";

/**
 * Form fields on react-hook-form, in shadcn/ui's pattern. A field is usually one `FormRow`:
 *
 *   <Form {...form}>
 *     <FormBody onSubmit={form.handleSubmit(save)}>
 *       <FormRow control={form.control} name="name" label="Name" hint="Shown on the card">
 *         {(field) => <Input {...field} />}
 *       </FormRow>
 *       <FormCheckbox control={form.control} name="isPremium" label="Premium" />
 *
 * which is FormField → FormItem → FormLabel, FormControl, FormDescription and FormMessage, the
 * parts a field with another shape composes itself.
 *
 * The control gets the item's id (`<id>`), `aria-invalid` while its field has an error, and
 * `aria-describedby` pointing at the error (`<id>-error`) or else the hint (`<id>-hint`). The hint
 * gives way to the error, which is the field's message as the resolver or `setError` wrote it
 * (already in the reader's language). An error that names no field (`errors.root`) shows at the
 * top of the FormBody.
 */
export const Form = FormProvider;

/**
 * The form element: checked by the form's resolver, not the browser (`noValidate`), and with the
 * error no field shows (FormRootMessage) at its top, so a refused submit always says why.
 */
export function FormBody({
  onSubmit,
  children,
  ...props
}: Omit<ComponentProps<"form">, "onSubmit"> & {
  /** Usually `form.handleSubmit(…)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} {...props}>
      <FormRootMessage />
      {children}
    </form>
  );
}

/** The form's error that names no field (`errors.root`), announced and scrolled into view. */
export function FormRootMessage({ className, ...props }: ComponentProps<"p">) {
  const { errors } = useFormState();
  const message = errors.root?.message;
  const show = useCallback((node: HTMLParagraphElement | null) => {
    node?.scrollIntoView?.({ block: "nearest" });
  }, []);
  if (!message) return null;
  return (
    <p
      ref={show}
      role="alert"
      data-slot="form-root-message"
      className={cn(
        "rounded-xl bg-destructive/10 px-3 py-2 text-sm font-semibold text-destructive",
        className,
      )}
      {...props}
    >
      {message}
    </p>
  );
}

const FieldContext = createContext<{ name: string } | null>(null);

/** One field of the form: a react-hook-form Controller that its item's parts read. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  const value = useMemo(() => ({ name: props.name }), [props.name]);
  return (
    <FieldContext value={value}>
      <Controller {...props} />
    </FieldContext>
  );
}

const ItemContext = createContext<{ id: string; hasHint: boolean } | null>(null);

/** The field's state and the ids its label, control, hint and message share. */
export function useFormField() {
  const field = use(FieldContext);
  const item = use(ItemContext);
  const { getFieldState } = useFormContext();
  if (!field || !item)
    throw new Error("useFormField must be used inside <FormField> and <FormItem>");
  const formState = useFormState({ name: field.name });
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    id: item.id,
    hintId: `${item.id}-hint`,
    messageId: `${item.id}-error`,
    hasHint: item.hasHint,
    ...state,
  };
}

/**
 * A labelled field: its label, control, and the hint or the error below. `hasHint` says that it
 * holds a FormDescription, which its control then names.
 */
export function FormItem({
  className,
  hasHint = false,
  ...props
}: ComponentProps<"div"> & { hasHint?: boolean }) {
  const id = useId();
  const value = useMemo(() => ({ id, hasHint }), [id, hasHint]);
  return (
    <ItemContext value={value}>
      <div data-slot="form-item" className={cn("flex flex-col gap-1.5", className)} {...props} />
    </ItemContext>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<"label">) {
  const { id } = useFormField();
  return <label htmlFor={id} className={cn("text-sm font-semibold", className)} {...props} />;
}

/**
 * Hands the id and the ARIA state to its one child (an Input, Textarea, NativeSelect…). The
 * control is invalid while its field has an error, or when `aria-invalid` says so.
 */
export function FormControl({ "aria-invalid": invalid, ...props }: ComponentProps<typeof Slot>) {
  const { id, error, hintId, messageId, hasHint } = useFormField();
  return (
    <Slot
      id={id}
      aria-describedby={error ? messageId : hasHint ? hintId : undefined}
      {...props}
      aria-invalid={error || (invalid && invalid !== "false") ? true : undefined}
    />
  );
}

/** The field's hint; hidden while the field shows an error. */
export function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { error, hintId } = useFormField();
  if (error) return null;
  return <p id={hintId} className={cn("text-xs text-muted-foreground", className)} {...props} />;
}

/** The field's error, when it has one. */
export function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  const { error, messageId } = useFormField();
  const body = error ? error.message : children;
  if (!body) return null;
  return (
    <p
      id={messageId}
      className={cn("text-xs font-semibold text-destructive", className)}
      {...props}
    >
      {body}
    </p>
  );
}

/**
 * A labelled field in one piece: FormField → FormItem → FormLabel, FormControl around what
 * `children` renders from the field, the hint (when there is one) and the error.
 *
 *   <FormRow control={form.control} name="reason" label="Reason" hint="Kept in the audit log">
 *     {(field) => <Textarea {...field} rows={3} />}
 *   </FormRow>
 */
export function FormRow<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  hint,
  className,
  invalid,
  alert,
  children,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: ReactNode;
  /** Shown below the control until the field has an error. */
  hint?: ReactNode;
  /** The item's classes (its place in the form's grid). */
  className?: string;
  /** Marks the control invalid besides its field's error (text the form flags but keeps). */
  invalid?: boolean;
  /** The error is announced as it appears (`role="alert"`). */
  alert?: boolean;
  children: (field: ControllerRenderProps<TFieldValues, TName>) => ReactElement;
}) {
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== "";
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className} hasHint={hasHint}>
          <FormLabel>{label}</FormLabel>
          <FormControl aria-invalid={invalid}>{children(field)}</FormControl>
          {hasHint && <FormDescription>{hint}</FormDescription>}
          <FormMessage role={alert ? "alert" : undefined} />
        </FormItem>
      )}
    />
  );
}

/** A checkbox field with its label beside it; `onCheckedChange` runs after the value changes. */
export function FormCheckbox<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, boolean>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  onCheckedChange,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: ReactNode;
  className?: string;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <label className={cn("flex min-h-11 items-center gap-3 text-sm font-semibold", className)}>
          <input
            ref={field.ref}
            name={field.name}
            type="checkbox"
            className="size-5 accent-primary"
            checked={field.value}
            onChange={(e) => {
              field.onChange(e.target.checked);
              onCheckedChange?.(e.target.checked);
            }}
            onBlur={field.onBlur}
          />
          {label}
        </label>
      )}
    />
  );
}
