import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { SUPPLIER_TYPES, SUPPLIER_TYPE_LABELS, type Supplier } from '@shared/schemas/suppliers';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { ArchivedToggle } from '@/components/data-table/archived-toggle';
import { CsvActions } from '@/components/data-table/csv-actions';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { withFilter } from '@/components/data-table/list-state';
import { useListState } from '@/components/data-table/use-list-state';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
  const [importOpen, setImportOpen] = useState(false);
  const archived = state.filters.archived === 'true';

  return (
    <div className="flex flex-col gap-4" data-testid="suppliers-page">
      <PageHeader
        title="Ateliers & partenaires"
        description="Fondeurs, sertisseurs, diamantaires, lapidaires… avec leurs délais et conditions."
        actions={
          canWrite ? (
            <Button asChild>
              <Link to="/suppliers/new">
                <Plus aria-hidden="true" />
                Nouveau fournisseur
              </Link>
            </Button>
          ) : null
        }
      />
      <DataTable<Supplier>
        columns={COLUMNS}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        rowHref={(s) => `/suppliers/${s.id}`}
        getRowId={(s) => s.id}
        searchPlaceholder="Nom, spécialité, ville, contact…"
        emptyTitle={archived ? 'Aucun fournisseur archivé' : 'Aucun fournisseur trouvé'}
        emptyDescription={state.q ? 'Essayez une autre recherche.' : 'Ajoutez vos ateliers et partenaires.'}
        toolbar={
          <>
            <CsvActions
              path={SUPPLIERS_PATH}
              state={state}
              filename="fournisseurs.csv"
              onImport={canWrite ? () => setImportOpen(true) : undefined}
            />
          </>
        }
        filters={
          <>
            <FilterSelect
              label="Type"
              value={state.filters.type ?? ''}
              onChange={(v) => setState(withFilter(state, 'type', v))}
              options={SUPPLIER_TYPES.map((t) => ({ value: t, label: SUPPLIER_TYPE_LABELS[t] }))}
            />
            <ArchivedToggle state={state} onStateChange={setState} />
          </>
        }
      />
      <CsvImportDialog
        path={SUPPLIERS_PATH}
        title="Importer des fournisseurs"
        columnsHint="Type, Nom, E-mail, Téléphone, Adresse, Complément d’adresse, Code postal, Ville, Pays, Spécialités, Délai habituel (jours), Conditions de paiement, Notes"
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => undefined}
      />
    </div>
  );
}
