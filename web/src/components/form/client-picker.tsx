import { useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { nativeControlClass } from '@/components/form/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useClientById, useClientSearch } from '@/lib/client-options';
import { cn } from '@/lib/class-merge';

/**
 * A client of the organization: a search box (server-side search on names, e-mail, phone, city) filtering a
 * select of the matching active clients. The chosen client stays in the select while another search shows.
 * FormField gives the select its id and aria props. `create` adds an action under the picker (e.g. "Créer un
 * client"): it gets `choose`, which selects a client and clears the search.
 */
export function ClientPicker({
  id,
  value,
  onChange,
  disabled = false,
  emptyLabel = 'Choisir un client…',
  searchLabel = 'Rechercher un client',
  searchPlaceholder = 'Nom, ville, e-mail…',
  create,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: {
  id?: string;
  value: string;
  onChange: (clientId: string) => void;
  disabled?: boolean;
  /** The first option, for "no client" (a filter's "Tous les clients"). */
  emptyLabel?: string;
  searchLabel?: string;
  searchPlaceholder?: string;
  create?: (choose: (clientId: string) => void) => ReactNode;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const results = useClientSearch(q);
  const items = results.data?.items ?? [];
  const selectedInResults = items.some((c) => c.id === value);
  const current = useClientById(value && !selectedInResults ? value : null);
  const picker = (
    <div className={cn('flex flex-col gap-1 sm:flex-row', className)}>
      {disabled ? null : (
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches as it types; it does not submit the surrounding form.
            if (e.key === 'Enter') e.preventDefault();
          }}
          className="sm:max-w-44"
        />
      )}
      <select
        id={id}
        className={cn(nativeControlClass, 'h-9 min-w-0 sm:min-w-48')}
        value={value}
        disabled={disabled}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {results.isPending
            ? 'Chargement…'
            : q.trim() && items.length === 0
              ? `Aucun client pour « ${q.trim()} »`
              : emptyLabel}
        </option>
        {value && !selectedInResults ? (
          <option value={value}>{current.data?.displayName ?? (current.isError ? 'Client introuvable' : '…')}</option>
        ) : null}
        {items.map((c) => (
          <option key={c.id} value={c.id}>
            {c.displayName}
            {c.city ? ` — ${c.city}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
  if (!create || disabled) return picker;
  const choose = (clientId: string) => {
    setSearch('');
    onChange(clientId);
  };
  return (
    <div className="flex flex-col gap-2">
      {picker}
      {create(choose)}
    </div>
  );
}
