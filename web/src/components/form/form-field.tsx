import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/class-merge';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * Label + control + description + inline error, wired for screen readers: the control gets the id, aria-invalid
 * and aria-describedby (description and error). Pass one element as child (input, select, textarea…).
 */
export function FormField({
  label,
  error,
  description,
  required,
  className,
  children,
  id: idProp,
}: {
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactElement<ControlProps>;
  id?: string;
}) {
  const generated = useId();
  const id = idProp ?? generated;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id}>{label}</Label>
        {/* Outside the label so the field's accessible name stays the label alone. */}
        {required ? (
          <span className="text-sm leading-none text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {control}
      {description ? (
        <div id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The aria props FormField gives its control, for a control FormField cannot reach (one rendered by a
 * react-hook-form Controller inside the field).
 */
export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** Shared classes for native selects and textareas so they look like `Input`. */
export const nativeControlClass =
  'flex w-full rounded-md border border-input bg-background px-3 py-1.5 text-base shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
