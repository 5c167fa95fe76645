import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldErrors } from 'react-hook-form';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import { SELECT_CLASS } from '@/components/form/field-classes';
import type { LineFormValues, ProductFormValues } from '../lib/product-form';
import { errorProps, FormField } from '@/components/form/form-field';

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

/**
 * An input bound to a field of line `index`, with its label and error: text, or THE numeric field
 * (`number="decimal"` accepts "4,5"; `number="integer"` whole numbers only).
 */
export function LineInput({
  index,
  name,
  label,
  readOnly,
  hint,
  number,
  children,
}: LineFieldProps & { number?: 'decimal' | 'integer'; children?: ReactNode }) {
  const { register } = useFormContext<ProductFormValues>();
  const { id, path, error } = useLineField(index, name);
  const props = { id, disabled: readOnly, ...errorProps(id, error), ...register(path) };
  const field = (
    <FormField id={id} label={label} description={hint} error={error}>
      {number ? <NumberInput integer={number === 'integer'} {...props} /> : <Input {...props} />}
    </FormField>
  );
  if (!children) return field;
  // What belongs beside the field (a warning, rate shortcuts) follows it in the same grid cell.
  return (
    <div className="flex flex-col gap-1.5">
      {field}
      {children}
    </div>
  );
}

/** A native select bound to a field of line `index`; the caller gives the options. */
export function LineSelect({ index, name, label, readOnly, children }: LineFieldProps & { children: ReactNode }) {
  const { control } = useFormContext<ProductFormValues>();
  const { id, path, error } = useLineField(index, name);
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <select id={id} className={SELECT_CLASS} disabled={readOnly} {...errorProps(id, error)} {...field}>
            {children}
          </select>
        )}
      />
    </FormField>
  );
}
