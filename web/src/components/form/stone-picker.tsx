import { useState } from 'react';
import { formatEuro } from '@shared/format';
import { formatStockQuantity } from '@shared/schemas/stones';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStone, useStoneSearch } from '@/lib/reference-data';
import { SELECT_CLASS } from './field-classes';

/** A stone or component from stock (product sheets, quotes): a search box filtering a select of /api/stones (server-side search). */
export function StonePicker({
  id,
  value,
  onChange,
  disabled,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const results = useStoneSearch(q);
  const items = results.data?.items ?? [];
  const selectedInResults = items.some((s) => s.id === value);
  const current = useStone(value && !selectedInResults ? value : null);
  return (
    <div className="flex flex-col gap-1 sm:flex-row">
      {!disabled && (
        <Input
          type="search"
          aria-label="Rechercher une pierre ou un composant"
          placeholder="Rechercher…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-40"
        />
      )}
      <select
        id={id}
        className={SELECT_CLASS}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{results.isPending ? 'Chargement...' : 'Choisir dans le stock…'}</option>
        {value && !selectedInResults && (
          <option value={value}>{current.data?.name ?? (current.isError ? 'Pierre introuvable' : '…')}</option>
        )}
        {items.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
            {s.unitCostEur ? ` — ${formatEuro(s.unitCostEur)}` : ''} (stock{' '}
            {formatStockQuantity(s.stockQuantity, s.stockUnit)})
          </option>
        ))}
      </select>
    </div>
  );
}
