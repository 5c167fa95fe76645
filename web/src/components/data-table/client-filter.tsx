import { FilterField } from '@/components/data-table/filter-select';
import { withFilter, type ListState } from '@/components/data-table/list-state';
import { ClientPicker } from '@/components/form/client-picker';

/** The list's client filter: a client found by search ('' = every client). */
export function ClientFilter({ state, onStateChange }: { state: ListState; onStateChange: (s: ListState) => void }) {
  return (
    <FilterField label="Client">
      {(id) => (
        <ClientPicker
          id={id}
          value={state.filters.clientId ?? ''}
          onChange={(clientId) => onStateChange(withFilter(state, 'clientId', clientId))}
          emptyLabel="Tous les clients"
          searchLabel="Rechercher un client à filtrer"
          className="sm:max-w-md"
        />
      )}
    </FilterField>
  );
}
