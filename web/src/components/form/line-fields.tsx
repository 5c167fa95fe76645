import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldError, type FieldErrors } from 'react-hook-form';
import { SELECT_CLASS, TEXTAREA_CLASS } from '@/components/form/field-classes';
import { errorProps, FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-merge';

/**
 * The fields of one row of a react-hook-form field array, shared by the product sheet's composition lines and the
 * quote's lines. A `LineFieldsProvider` says which array the rows belong to and how the fields behave; each field
 * then takes the row's `index` and its `name` in the row. A feature narrows `name` to its own line's keys with an
 * instantiation expression (`const LineInput = SharedLineInput<LineKey>`).
 */

/** The field arrays edited with these fields: a product sheet's composition, a quote's lines. */
export type LineArrayName = 'components' | 'lines';

interface LineFieldsSettings {
  /** Field `name` of row `index` is `${arrayName}.${index}.${name}` in the form, `${arrayName}-${index}-${name}` as id. */
  arrayName: LineArrayName;
  /** Every field disabled (a sheet the person may only read). */
  readOnly: boolean;
  /**
   * A field shows its error only once the person has left it (a row just added does not open covered in
   * "Ce champ est obligatoire"); false shows every error at once.
   */
  errorsOnceTouched: boolean;
  /** Every input sits in a column of its own, even with nothing beside it (the quote lines' markup). */
  wrapInputs: boolean;
}

const LineFieldsContext = createContext<LineFieldsSettings | null>(null);

/** Binds the line fields below to the rows of `arrayName`. */
export function LineFieldsProvider({
  arrayName,
  readOnly = false,
  errorsOnceTouched = false,
  wrapInputs = false,
  children,
}: Partial<LineFieldsSettings> & { arrayName: LineArrayName; children: ReactNode }) {
  const settings = useMemo(
    () => ({ arrayName, readOnly, errorsOnceTouched, wrapInputs }),
    [arrayName, readOnly, errorsOnceTouched, wrapInputs],
  );
  return <LineFieldsContext.Provider value={settings}>{children}</LineFieldsContext.Provider>;
}

function useLineFieldsSettings(): LineFieldsSettings {
  const settings = useContext(LineFieldsContext);
  if (!settings) throw new Error('Line fields need a LineFieldsProvider above them.');
  return settings;
}

/**
 * Where field `name` of row `index` lives: its element id, its path in the form and its error (once it should
 * show). `errorFrom` shows that other field's error here too when this field has none.
 */
export function useLineField<TKey extends string>(index: number, name: TKey, errorFrom?: TKey) {
  const { arrayName, errorsOnceTouched } = useLineFieldsSettings();
  const { formState } = useFormContext();
  const row = `${arrayName}.${index}`;
  const shows = !errorsOnceTouched || Boolean(get(formState.touchedFields, `${row}.${name}`));
  const message = (field: TKey) =>
    get<FieldErrors, FieldError | undefined>(formState.errors, `${row}.${field}`)?.message;
  const own = shows ? message(name) : undefined;
  const other = errorFrom && shows ? message(errorFrom) : undefined;
  return {
    id: `${arrayName}-${index}-${name}`,
    path: `${row}.${name}`,
    error: own ?? other,
  };
}

export interface LineFieldProps<TKey extends string> {
  index: number;
  name: TKey;
  label: string;
  hint?: ReactNode;
  className?: string;
}

/**
 * An input bound to field `name` of row `index`, with its label and error: text, or THE numeric field
 * (`number="decimal"` accepts "12,5" and "1 234,5" and shows numbers back the French way; `number="integer"`
 * whole numbers only). What the caller puts inside (a warning, rate shortcuts) follows the field in the same cell.
 */
export function LineInput<TKey extends string>({
  index,
  name,
  label,
  hint,
  className,
  errorFrom,
  number,
  placeholder,
  children,
}: LineFieldProps<TKey> & {
  /** Show this other field's error here too (a labour line's "minutes or subcontract price"). */
  errorFrom?: TKey;
  number?: 'decimal' | 'integer';
  placeholder?: string;
  children?: ReactNode;
}) {
  const { readOnly, wrapInputs } = useLineFieldsSettings();
  const { register } = useFormContext();
  const { id, path, error } = useLineField(index, name, errorFrom);
  const props = { id, disabled: readOnly, placeholder, ...errorProps(id, error), ...register(path) };
  const control = number ? <NumberInput integer={number === 'integer'} {...props} /> : <Input {...props} />;
  if (!children && !wrapInputs) {
    return (
      <FormField id={id} label={label} description={hint} error={error} className={className}>
        {control}
      </FormField>
    );
  }
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FormField id={id} label={label} description={hint} error={error}>
        {control}
      </FormField>
      {children}
    </div>
  );
}

/** A native select bound to field `name` of row `index`; the caller gives the options. */
export function LineSelect<TKey extends string>({
  index,
  name,
  label,
  hint,
  className,
  children,
}: LineFieldProps<TKey> & { children: ReactNode }) {
  const { readOnly } = useLineFieldsSettings();
  const { control } = useFormContext();
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
            disabled={readOnly}
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

/** A text area bound to field `name` of row `index`. */
export function LineTextarea<TKey extends string>({ index, name, label, hint, className }: LineFieldProps<TKey>) {
  const { readOnly } = useLineFieldsSettings();
  const { register } = useFormContext();
  const { id, path, error } = useLineField(index, name);
  return (
    <FormField id={id} label={label} description={hint} error={error} className={className}>
      <textarea
        id={id}
        rows={2}
        className={cn(TEXTAREA_CLASS, 'min-h-16')}
        disabled={readOnly}
        {...errorProps(id, error)}
        {...register(path)}
      />
    </FormField>
  );
}
