import { useState } from 'react';
import { formatEuro } from '@shared/format';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useProductSearch } from '../api/pickers';

/** A product sheet: a search box filtering a select of /api/products (server-side search), with its sale price. */
export function ProductPicker({
  id,
  value,
  currentName,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  /** The chosen sheet's name when the current search does not list it (from the quote's pricing). */
  currentName: string | null;
  onChange: (id: string) => void;
  invalid?: boolean;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const results = useProductSearch(q);
  const items = results.data?.items ?? [];
  const listed = items.some((p) => p.id === value);
  // The name of the sheet picked here, shown once another search no longer lists it.
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const shownName = picked?.id === value ? picked.name : currentName;
  return (
    <div className="flex flex-col gap-1 sm:flex-row">
      <Input
        type="search"
        aria-label="Rechercher une fiche produit"
        placeholder="Rechercher…"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        className="sm:max-w-40"
      />
      <select
        id={id}
        className={SELECT_CLASS}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const chosen = items.find((p) => p.id === e.target.value);
          if (chosen) setPicked({ id: chosen.id, name: chosen.name });
          onChange(e.target.value);
        }}
      >
        <option value="">{results.isPending ? 'Chargement…' : 'Choisir une fiche…'}</option>
        {value && !listed && <option value={value}>{shownName ?? 'Fiche choisie'}</option>}
        {items.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.price ? ` — ${formatEuro(p.price.salePrice)} HT${p.price.complete ? '' : ' (incomplet)'}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
