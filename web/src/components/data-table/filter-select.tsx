import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/class-merge';
import { withFilter, type ListState } from './list-state';

/** The look of a list filter's native control (select, date). */
export const FILTER_CONTROL_CLASS =
  'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A list filter's small label over its control; `children` gets the control's id. */
export function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  allLabel?: string;
}

/** A compact labelled native select for list filters ('' = every value). */
export function FilterSelect({ label, value, onChange, options, allLabel = 'Tous' }: FilterSelectProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={cn(FILTER_CONTROL_CLASS, 'min-w-[9rem]')}
        >
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/** A FilterSelect bound to one filter of a list's state (`state.filters[filter]`). */
export function ListFilterSelect({
  filter,
  state,
  onStateChange,
  ...select
}: Omit<FilterSelectProps, 'value' | 'onChange'> & {
  filter: string;
  state: ListState;
  onStateChange: (state: ListState) => void;
}) {
  return (
    <FilterSelect
      {...select}
      value={state.filters[filter] ?? ''}
      onChange={(v) => onStateChange(withFilter(state, filter, v))}
    />
  );
}
