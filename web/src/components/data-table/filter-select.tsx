import { useId } from 'react';
import { withFilter, type ListState } from './list-state';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  allLabel?: string;
}

/** A compact labelled native select for list filters ('' = every value). */
export function FilterSelect({ label, value, onChange, options, allLabel = 'Tous' }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 min-w-[9rem] rounded-md border border-input bg-background px-2 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
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
