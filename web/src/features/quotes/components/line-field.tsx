import { createContext, useContext, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldErrors } from 'react-hook-form';
import { SELECT_CLASS, TEXTAREA_CLASS } from '@/components/form/field-classes';
import { errorProps, FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-merge';
import type { QuoteFormValues, QuoteLineFormValues } from '../lib/quote-form';

/** A field of a quote line that the person edits (the kind and key are fixed when the line is added). */
export type LineKey = Exclude<keyof QuoteLineFormValues, 'kind' | 'key'>;

/**
 * True once every line's errors should show (a refused "Envoyer"). Before that a line's field shows its error once
 * the person has left it: a line just added does not open covered in "Ce champ est obligatoire".
 */
export const RevealLineErrors = createContext(false);

/** Where a field of line `index` lives: its element id, its path in the form and its error (once it should show). */
export function useLineField(index: number, name: LineKey, errorFrom?: LineKey) {
  const { formState } = useFormContext<QuoteFormValues>();
  const revealAll = useContext(RevealLineErrors);
  const errors: FieldErrors<QuoteLineFormValues> | undefined = formState.errors.lines?.[index];
  const touched = formState.touchedFields.lines?.[index];
  const shows = (field: LineKey) => revealAll || Boolean(touched?.[field]);
  const own = shows(name) ? errors?.[name]?.message : undefined;
  const other = errorFrom && shows(name) ? errors?.[errorFrom]?.message : undefined;
  return {
    id: `lines-${index}-${name}`,
    path: `lines.${index}.${name}` as const,
    error: own ?? other,
  };
}

interface LineFieldProps {
  index: number;
  name: LineKey;
  label: string;
  hint?: ReactNode;
  className?: string;
  /** Show this other field's error here too (a labour line's "minutes or subcontract price"). */
  errorFrom?: LineKey;
}

/**
 * An input bound to a field of line `index`, with its label and error: text, or THE numeric field
 * (`number` accepts "12,5" and "1 234,5" and shows numbers back the French way).
 */
export function LineInput({
  index,
  name,
  label,
  hint,
  className,
  errorFrom,
  number,
  placeholder,
  children,
}: LineFieldProps & { number?: boolean; placeholder?: string; children?: ReactNode }) {
  const { register } = useFormContext<QuoteFormValues>();
  const { id, path, error } = useLineField(index, name, errorFrom);
  const props = { id, placeholder, ...errorProps(id, error), ...register(path) };
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FormField id={id} label={label} description={hint} error={error}>
        {number ? <NumberInput {...props} /> : <Input {...props} />}
      </FormField>
      {children}
    </div>
  );
}

/** A native select bound to a field of line `index`; the caller gives the options. */
export function LineSelect({
  index,
  name,
  label,
  hint,
  className,
  children,
}: LineFieldProps & { children: ReactNode }) {
  const { control } = useFormContext<QuoteFormValues>();
  const { id, path, error } = useLineField(index, name);
  return (
    <FormField id={id} label={label} description={hint} error={error} className={className}>
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <select
            id={id}
            className={SELECT_CLASS}
            {...errorProps(id, error)}
            name={field.name}
            ref={field.ref}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
          >
            {children}
          </select>
        )}
      />
    </FormField>
  );
}

/** A text area bound to a field of line `index`. */
export function LineTextarea({ index, name, label, className }: LineFieldProps) {
  const { register } = useFormContext<QuoteFormValues>();
  const { id, path, error } = useLineField(index, name);
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <textarea
        id={id}
        rows={2}
        className={cn(TEXTAREA_CLASS, 'min-h-16')}
        {...errorProps(id, error)}
        {...register(path)}
      />
    </FormField>
  );
}
