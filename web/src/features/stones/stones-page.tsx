import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { STONE_CATEGORIES, STONE_CATEGORY_LABELS, type Stone } from '@shared/schemas/stones';
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
import { useSupplierOptions } from '@/features/suppliers/api/supplier-options';
import { useStonesList } from './api/list-stones';
import { STONES_PATH } from './api/stones-path';
import { StoneCost } from './stone-cost';

function describe(s: Stone): string {
  const size = s.sizeMm ? `${s.sizeMm.replace('.', ',')} mm` : null;
  const weight = s.weight ? `${s.weight.replace('.', ',')} ${s.weightUnit}` : null;
  return [s.variety, s.shape, size, weight, s.colour, s.quality].filter(Boolean).join(' · ');
}

const COLUMNS: Column<Stone>[] = [
  {
    id: 'name',
    header: 'Article',
    sortable: true,
    cell: (s) => (
      <div className="flex flex-col">
        <span className="font-medium">{s.name}</span>
        <span className="text-xs text-muted-foreground">{describe(s) || (s.archivedAt ? 'Archivé' : '')}</span>
      </div>
    ),
  },
  {
    id: 'category',
    header: 'Catégorie',
    sortable: true,
    cell: (s) => <Badge variant="secondary">{STONE_CATEGORY_LABELS[s.category]}</Badge>,
    className: 'hidden sm:table-cell',
  },
  {
    id: 'stockQuantity',
    header: 'Stock',
    sortable: true,
    cell: (s) => (
      <span className="flex flex-wrap items-center gap-1 tabular-nums">
        {s.stockQuantity.toLocaleString('fr-FR')}
        {s.lowStock ? <Badge variant="destructive">Stock bas</Badge> : null}
      </span>
    ),
  },
  { id: 'unitCost', header: 'Coût unitaire', sortable: true, cell: (s) => <StoneCost stone={s} /> },
  {
    id: 'supplier',
    header: 'Fournisseur',
    cell: (s) => s.supplierName ?? '—',
    className: 'hidden lg:table-cell',
  },
  {
    id: 'location',
    header: 'Emplacement',
    cell: (s) => s.stockLocation ?? '—',
    className: 'hidden xl:table-cell',
  },
];

const DEFAULTS = { sort: 'name', filters: { category: '', supplierId: '', lowStock: '', archived: 'false' } };

export default function StonesPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useStonesList(state);
  const suppliers = useSupplierOptions();
  const canWrite = useCanWrite('catalog');
  const [importOpen, setImportOpen] = useState(false);
  const archived = state.filters.archived === 'true';

  return (
    <div className="flex flex-col gap-4" data-testid="stones-page">
      <PageHeader
        title="Pierres & Composants"
        description="Pierres de couleur, perles, lots de mêlée, apprêts et chaînes en stock. Coûts en USD convertis au cours du moment."
        actions={
          canWrite ? (
            <Button asChild>
              <Link to="/stones/new">
                <Plus aria-hidden="true" />
                Nouvel article
              </Link>
            </Button>
          ) : null
        }
      />
      <DataTable<Stone>
        columns={COLUMNS}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        rowHref={(s) => `/stones/${s.id}`}
        getRowId={(s) => s.id}
        searchPlaceholder="Nom, variété, couleur, origine…"
        emptyTitle={archived ? 'Aucun article archivé' : 'Aucun article trouvé'}
        emptyDescription={state.q ? 'Essayez une autre recherche.' : 'Ajoutez vos pierres et composants.'}
        toolbar={
          <>
            <CsvActions
              path={STONES_PATH}
              state={state}
              filename="pierres-composants.csv"
              onImport={canWrite ? () => setImportOpen(true) : undefined}
            />
          </>
        }
        filters={
          <>
            <FilterSelect
              label="Catégorie"
              value={state.filters.category ?? ''}
              onChange={(v) => setState(withFilter(state, 'category', v))}
              options={STONE_CATEGORIES.map((c) => ({ value: c, label: STONE_CATEGORY_LABELS[c] }))}
              allLabel="Toutes"
            />
            <FilterSelect
              label="Fournisseur"
              value={state.filters.supplierId ?? ''}
              onChange={(v) => setState(withFilter(state, 'supplierId', v))}
              options={suppliers.data ?? []}
            />
            <label className="flex h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={state.filters.lowStock === 'true'}
                onChange={(e) => setState(withFilter(state, 'lowStock', e.target.checked ? 'true' : ''))}
              />
              Stock bas seulement
            </label>
            <ArchivedToggle state={state} onStateChange={setState} />
          </>
        }
      />
      <CsvImportDialog
        path={STONES_PATH}
        title="Importer des pierres et composants"
        columnsHint="Catégorie, Nom, Variété, Forme, Taille (mm), Poids, Unité de poids, Couleur, Qualité, Traitement, Origine, Certificat, Coût unitaire, Devise, Fournisseur, Quantité en stock, Emplacement, Seuil de stock bas, Notes"
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => undefined}
      />
    </div>
  );
}
