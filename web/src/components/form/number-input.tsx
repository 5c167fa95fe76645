import { forwardRef, useId, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes } from 'react';
import {
  DECIMAL_INPUT_MESSAGE,
  INTEGER_INPUT_MESSAGE,
  normalizeDecimalText,
  normalizeIntegerText,
} from '@shared/decimal-input';
import { Input } from '@/components/ui/input';

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> & {
  /** Whole numbers only (quantities, days, minutes). */
  integer?: boolean;
  allowNegative?: boolean;
};

/**
 * THE numeric field of the app: a text field, never `type=number` (a French browser reads "12,5" in a
 * number field as 125). It accepts "12,5", "12.5" and "1 234,5", says at once when the text is not a number,
 * and shows the number back with a comma when the person leaves it ("4.5" becomes "4,5"). The value stays the
 * text typed: the shared zod schemas and the calculators read it with shared/decimal-input.ts. Works with
 * react-hook-form's `register` and as a controlled input.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { integer = false, allowNegative = false, onChange, onBlur, className, ...props },
  ref,
) {
  const messageId = useId();
  const [invalid, setInvalid] = useState(false);
  const read = (text: string) =>
    integer ? normalizeIntegerText(text, { allowNegative }) : normalizeDecimalText(text, { allowNegative });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setInvalid(read(event.target.value) === null);
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const normalized = read(event.target.value);
    setInvalid(normalized === null);
    const french = normalized ? normalized.replace('.', ',') : normalized;
    if (french !== null && french !== event.target.value) {
      // Shown back in French; the change is reported like a keystroke so forms keep what is displayed.
      event.target.value = french;
      onChange?.(event as unknown as ChangeEvent<HTMLInputElement>);
    }
    onBlur?.(event);
  };

  const externallyInvalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  const describedBy = [props['aria-describedby'], invalid && !externallyInvalid ? messageId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <Input
        ref={ref}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        className={className}
        {...props}
        aria-invalid={invalid || externallyInvalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={handleChange}
        onBlur={handleBlur}
      />
      {invalid && !externallyInvalid ? (
        <span id={messageId} role="alert" className="block text-xs font-medium text-destructive">
          {integer ? INTEGER_INPUT_MESSAGE : DECIMAL_INPUT_MESSAGE}
        </span>
      ) : null}
    </>
  );
});
