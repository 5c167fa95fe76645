import type { HTMLAttributes, ReactNode } from 'react';
import { Controller, useFormContext, type FieldErrors } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { SELECT_CLASS } from '../lib/field-classes';
import type { LineFormValues, ProductFormValues } from '../lib/product-form';
import { errorProps, Field } from './field';

/** A field of a composition line that the user edits (the kind is fixed when the line is added). */
export type LineKey = Exclude<keyof LineFormValues, 'kind'>;

/** Where a field of line `index` lives: its element id, its path in the form and its current error. */
export function useLineField(index: number, name: LineKey) {
  const { formState } = useFormContext<ProductFormValues>();
  const errors: FieldErrors<LineFormValues> | undefined = formState.errors.components?.[index];
  return {
    id: `components-${index}-${name}`,
    path: `components.${index}.${name}` as const,
    error: errors?.[name]?.message,
  };
}

interface LineFieldProps {
  index: number;
  name: LineKey;
  label: string;
  readOnly: boolean;
  hint?: string;
}

/** A text input bound to a field of line `index`, with its label and error. */
export function LineInput({
  index,
  name,
  label,
  readOnly,
  hint,
  inputMode,
}: LineFieldProps & { inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'] }) {
  const { register } = useFormContext<ProductFormValues>();
  const { id, path, error } = useLineField(index, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} inputMode={inputMode} disabled={readOnly} {...errorProps(id, error)} {...register(path)} />
    </Field>
  );
}

/** A native select bound to a field of line `index`; the caller gives the options. */
export function LineSelect({ index, name, label, readOnly, children }: LineFieldProps & { children: ReactNode }) {
  const { control } = useFormContext<ProductFormValues>();
  const { id, path, error } = useLineField(index, name);
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <select id={id} className={SELECT_CLASS} disabled={readOnly} {...errorProps(id, error)} {...field}>
            {children}
          </select>
        )}
      />
    </Field>
  );
}
