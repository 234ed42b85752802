import { Slot } from "@radix-ui/react-slot";
import {
  createContext,
  use,
  useCallback,
  useId,
  useMemo,
  useState,
  type ComponentProps,
} from "react";
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { cn } from "@/lib/utils";

/**
 * Form fields on react-hook-form, in shadcn/ui's pattern:
 *
 *   <Form {...form}>
 *     <form onSubmit={form.handleSubmit(save)} noValidate>
 *       <FormField control={form.control} name="name" render={({ field }) => (
 *         <FormItem>
 *           <FormLabel>Name</FormLabel>
 *           <FormControl><Input {...field} /></FormControl>
 *           <FormDescription>Shown on the card</FormDescription>
 *           <FormMessage />
 *         </FormItem>
 *       )} />
 *
 * The control gets the item's id (`<id>`), `aria-invalid` while its field has an error, and
 * `aria-describedby` pointing at the error (`<id>-error`) or else the hint (`<id>-hint`). The hint
 * gives way to the error, which is the field's message as the resolver or `setError` wrote it
 * (already in the reader's language).
 */
export const Form = FormProvider;

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

interface ItemContextValue {
  id: string;
  hasHint: boolean;
  setHasHint: (present: boolean) => void;
}
const ItemContext = createContext<ItemContextValue | null>(null);

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

/** A labelled field: its label, control, and the hint or the error below. */
export function FormItem({ className, ...props }: ComponentProps<"div">) {
  const id = useId();
  const [hasHint, setHint] = useState(false);
  const setHasHint = useCallback((present: boolean) => setHint(present), []);
  const value = useMemo(() => ({ id, hasHint, setHasHint }), [id, hasHint, setHasHint]);
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

/** Hands the id and the ARIA state to its one child (an Input, Textarea, NativeSelect…). */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { id, error, hintId, messageId, hasHint } = useFormField();
  return (
    <Slot
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId : hasHint ? hintId : undefined}
      {...props}
    />
  );
}

/** The field's hint; hidden while the field shows an error. */
export function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { error, hintId } = useFormField();
  const setHasHint = use(ItemContext)?.setHasHint;
  // The control names the hint only while it is in the page.
  const ref = useCallback(
    (node: HTMLParagraphElement | null) => {
      if (!node || !setHasHint) return;
      setHasHint(true);
      return () => setHasHint(false);
    },
    [setHasHint],
  );
  if (error) return null;
  return (
    <p
      ref={ref}
      id={hintId}
      className={cn("text-xs text-muted-foreground", className)}
      {...props}
    />
  );
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
