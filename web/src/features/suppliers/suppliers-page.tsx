import { SUPPLIER_TYPES, SUPPLIER_TYPE_LABELS, type Supplier } from '@shared/schemas/suppliers';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { useCanWrite } from '@/hooks/use-can-write';
import { useSuppliersList } from './api/list-suppliers';
import { SUPPLIERS_PATH } from './api/suppliers-path';

const COLUMNS: Column<Supplier>[] = [
  {
    id: 'name',
    header: 'Nom',
    sortable: true,
    cell: (s) => (
      <div className="flex flex-col">
        <span className="font-medium">{s.name}</span>
        {s.archivedAt ? <span className="text-xs text-muted-foreground">Archivé</span> : null}
      </div>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    cell: (s) => <Badge variant="secondary">{SUPPLIER_TYPE_LABELS[s.type]}</Badge>,
  },
  {
    id: 'specialities',
    header: 'Spécialités',
    cell: (s) => s.specialities.join(', ') || '—',
    className: 'hidden lg:table-cell',
  },
  { id: 'city', header: 'Ville', sortable: true, cell: (s) => s.city ?? '—', className: 'hidden sm:table-cell' },
  {
    id: 'leadTimeDays',
    header: 'Délai',
    sortable: true,
    cell: (s) => (s.leadTimeDays === null ? '—' : `${s.leadTimeDays} j`),
    className: 'hidden md:table-cell',
  },
  {
    id: 'contact',
    header: 'Contact',
    cell: (s) => s.contacts[0]?.name ?? s.email ?? s.phone ?? '—',
    className: 'hidden xl:table-cell',
  },
];

const DEFAULTS = { sort: 'name', filters: { type: '', archived: 'false' } };

export default function SuppliersPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useSuppliersList(state);
  const canWrite = useCanWrite('catalog');
  const archived = archiveView(state) === 'true';

  return (
    <ListPage<Supplier>
      testId="suppliers-page"
      title="Ateliers & partenaires"
      description="Fondeurs, sertisseurs, diamantaires, lapidaires… avec leurs délais et conditions."
      basePath="/suppliers"
      createLabel="Nouveau fournisseur"
      canWrite={canWrite}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Nom, spécialité, ville, contact…"
      emptyTitle={archived ? 'Aucun fournisseur archivé' : 'Aucun fournisseur trouvé'}
      emptyDescription={state.q ? 'Essayez une autre recherche.' : 'Ajoutez vos ateliers et partenaires.'}
      csv={{
        path: SUPPLIERS_PATH,
        filename: 'fournisseurs.csv',
        importDialog: {
          title: 'Importer des fournisseurs',
          columnsHint:
            'Type, Nom, E-mail, Téléphone, Adresse, Complément d’adresse, Code postal, Ville, Pays, Spécialités, Délai habituel (jours), Conditions de paiement, Notes',
        },
      }}
      filters={
        <>
          <ListFilterSelect
            label="Type"
            filter="type"
            state={state}
            onStateChange={setState}
            options={SUPPLIER_TYPES.map((t) => ({ value: t, label: SUPPLIER_TYPE_LABELS[t] }))}
          />
          <ArchiveFilter state={state} onStateChange={setState} />
        </>
      }
    />
  );
}
