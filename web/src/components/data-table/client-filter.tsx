import { FilterField } from '@/components/data-table/filter-select';
import { withFilter, type ListState } from '@/components/data-table/list-state';
import { ClientPicker } from '@/components/form/client-picker';

/** How a list names its client filter: the query key and the French words (a quote's client, a gold buy's seller). */
export interface ClientFilterWords {
  filter: string;
  label: string;
  emptyLabel: string;
  searchLabel: string;
}

const CLIENT: ClientFilterWords = {
  filter: 'clientId',
  label: 'Client',
  emptyLabel: 'Tous les clients',
  searchLabel: 'Rechercher un client à filtrer',
};

/** The list's client filter: a client found by search ('' = every client). */
export function ClientFilter({
  state,
  onStateChange,
  words = CLIENT,
}: {
  state: ListState;
  onStateChange: (s: ListState) => void;
  words?: ClientFilterWords;
}) {
  return (
    <FilterField label={words.label}>
      {(id) => (
        <ClientPicker
          id={id}
          value={state.filters[words.filter] ?? ''}
          onChange={(clientId) => onStateChange(withFilter(state, words.filter, clientId))}
          emptyLabel={words.emptyLabel}
          searchLabel={words.searchLabel}
          className="sm:max-w-md"
        />
      )}
    </FilterField>
  );
}
