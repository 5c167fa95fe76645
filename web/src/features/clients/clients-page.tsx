import { useState } from 'react';
import {
  CLIENT_KINDS,
  CLIENT_KIND_LABELS,
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
  type Client,
} from '@shared/schemas/clients';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { withFilter } from '@/components/data-table/list-state';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { useClientsList } from './api/list-clients';
import { CLIENTS_PATH } from './api/clients-path';
import { useCanWrite } from '@/hooks/use-can-write';

const COLUMNS: Column<Client>[] = [
  {
    id: 'lastName',
    header: 'Nom',
    sortable: true,
    cell: (c) => (
      <div className="flex flex-col">
        <span className="font-medium">{c.displayName}</span>
        {/* On a phone the phone and city columns are hidden: they show under the name. */}
        {c.phoneMobile || c.phoneLandline || c.city ? (
          <span className="text-xs text-muted-foreground sm:hidden" data-testid="client-contact-line">
            {[c.phoneMobile ?? c.phoneLandline, c.city].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        {c.archivedAt ? <span className="text-xs text-muted-foreground">Archivé</span> : null}
      </div>
    ),
  },
  {
    id: 'kind',
    header: 'Type',
    cell: (c) => (
      <div className="flex flex-wrap gap-1">
        <Badge variant="secondary">{CLIENT_KIND_LABELS[c.kind]}</Badge>
        {c.status === 'prospect' ? <Badge variant="outline">{CLIENT_STATUS_LABELS.prospect}</Badge> : null}
      </div>
    ),
  },
  { id: 'email', header: 'E-mail', sortable: true, cell: (c) => c.email ?? '—', className: 'hidden md:table-cell' },
  {
    id: 'phone',
    header: 'Téléphone',
    cell: (c) => c.phoneMobile ?? c.phoneLandline ?? '—',
    className: 'hidden whitespace-nowrap sm:table-cell',
  },
  { id: 'city', header: 'Ville', sortable: true, cell: (c) => c.city ?? '—', className: 'hidden sm:table-cell' },
  {
    id: 'tags',
    header: 'Étiquettes',
    cell: (c) => (
      <div className="flex flex-wrap gap-1">
        {c.tags.map((t) => (
          <Badge key={t} variant="outline">
            {t}
          </Badge>
        ))}
      </div>
    ),
    className: 'hidden xl:table-cell',
  },
];

const DEFAULTS = { sort: 'lastName', filters: { kind: '', status: '', tag: '', archived: 'false' } };

export default function ClientsPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useClientsList(state);
  const [tagText, setTagText] = useState(state.filters.tag ?? '');
  const canWrite = useCanWrite('sales');
  const archived = archiveView(state) === 'true';

  return (
    <ListPage<Client>
      testId="clients-page"
      title="Clients & prospects"
      description="Particuliers et professionnels, avec leurs coordonnées et leur historique."
      basePath="/clients"
      createLabel="Nouveau client"
      canWrite={canWrite}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Nom, e-mail, téléphone, ville…"
      emptyTitle={archived ? 'Aucun client archivé' : 'Aucun client trouvé'}
      emptyDescription={
        state.q ? 'Essayez une autre recherche ou retirez des filtres.' : 'Créez un client ou importez un fichier CSV.'
      }
      csv={{
        path: CLIENTS_PATH,
        filename: 'clients.csv',
        importDialog: {
          title: 'Importer des clients',
          columnsHint:
            'Type, Statut, Civilité, Prénom, Nom, Société, E-mail, Téléphone mobile, Téléphone fixe, Adresse, Code postal, Ville, Pays, Date de naissance, Étiquettes, Consentement marketing, Notes',
        },
      }}
      filters={
        <>
          <ListFilterSelect
            label="Type"
            filter="kind"
            state={state}
            onStateChange={setState}
            options={CLIENT_KINDS.map((k) => ({ value: k, label: CLIENT_KIND_LABELS[k] }))}
          />
          <ListFilterSelect
            label="Statut"
            filter="status"
            state={state}
            onStateChange={setState}
            options={CLIENT_STATUSES.map((s) => ({ value: s, label: CLIENT_STATUS_LABELS[s] }))}
          />
          <form
            className="flex flex-col gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              setState(withFilter(state, 'tag', tagText.trim()));
            }}
          >
            <label htmlFor="clients-tag-filter" className="text-xs font-medium text-muted-foreground">
              Étiquette
            </label>
            <Input
              id="clients-tag-filter"
              className="h-9 w-36"
              value={tagText}
              placeholder="ex. VIP"
              onChange={(e) => setTagText(e.target.value)}
              onBlur={() => setState(withFilter(state, 'tag', tagText.trim()))}
            />
          </form>
          <ArchiveFilter state={state} onStateChange={setState} />
        </>
      }
    />
  );
}
