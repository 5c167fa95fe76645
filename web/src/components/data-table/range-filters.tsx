import { Fragment, useId, useState } from 'react';
import { DECIMAL_INPUT_MESSAGE, normalizeDecimalText, toInputText } from '@shared/decimal-input';
import { NumberInput } from '@/components/form/number-input';
import { FILTER_CONTROL_CLASS, FilterField } from './filter-select';
import { withFilter, type ListState } from './list-state';

interface BoundFilter {
  /** The key in `state.filters` (and the address). */
  filter: string;
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** A day (YYYY-MM-DD in the address and the API) bound to one filter of a list's state. */
function ListDateInput({
  id,
  filter,
  state,
  onStateChange,
  min,
  max,
}: BoundFilter & { id: string; min?: string; max?: string }) {
  return (
    <input
      id={id}
      type="date"
      className={FILTER_CONTROL_CLASS}
      value={state.filters[filter] ?? ''}
      min={min || undefined}
      max={max || undefined}
      onChange={(e) => onStateChange(withFilter(state, filter, e.target.value))}
    />
  );
}

/** One labelled day of a list filter (a bound of a period: "Créé du", "au"). */
export function ListDateFilter({ label, ...bound }: BoundFilter & { label: string }) {
  return <FilterField label={label}>{(id) => <ListDateInput id={id} {...bound} />}</FilterField>;
}

/** A period under one legend ("Livraison prévue : du … au …"); either day may be left empty. */
export function ListDateRangeFilter({
  legend,
  from,
  to,
  state,
  onStateChange,
}: {
  legend: string;
  /** The filter keys of the first and the last day. */
  from: string;
  to: string;
  state: ListState;
  onStateChange: (state: ListState) => void;
}) {
  const fromId = useId();
  const toId = useId();
  // Each day bounds the other: "au" cannot be before "du".
  const days = [
    { id: fromId, label: 'Du', filter: from, min: undefined, max: state.filters[to] },
    { id: toId, label: 'au', filter: to, min: state.filters[from], max: undefined },
  ];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">{legend}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {days.map(({ label, ...day }) => (
          <Fragment key={day.id}>
            <label htmlFor={day.id} className="text-sm text-muted-foreground">
              {label}
            </label>
            <ListDateInput {...day} state={state} onStateChange={onStateChange} />
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

/** An amount bound, typed the French way ("1 500,5"); applied when the field is left or on Enter. */
export function ListAmountFilter({ label, filter, state, onStateChange }: BoundFilter & { label: string }) {
  const applied = state.filters[filter] ?? '';
  const [typed, setTyped] = useState<{ applied: string; text: string }>({ applied, text: toInputText(applied) });
  // The address changed (back, reset): the field shows it again.
  const text = typed.applied === applied ? typed.text : toInputText(applied);
  const apply = () => {
    const normalized = normalizeDecimalText(text);
    if (normalized === null) return;
    setTyped({ applied: normalized, text });
    if (normalized !== applied) onStateChange(withFilter(state, filter, normalized));
  };
  const invalid = normalizeDecimalText(text) === null;
  return (
    <FilterField label={label} className="w-32">
      {(id) => (
        <NumberInput
          id={id}
          className="h-9"
          value={text}
          title={invalid ? DECIMAL_INPUT_MESSAGE : undefined}
          onChange={(e) => setTyped({ applied, text: e.target.value })}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
      )}
    </FilterField>
  );
}
