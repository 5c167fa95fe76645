import { formatStockQuantity, STONE_CATEGORIES, STONE_CATEGORY_LABELS, type Stone } from '@shared/schemas/stones';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { withFilter } from '@/components/data-table/list-state';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { useCanWrite } from '@/hooks/use-can-write';
import { useSupplierOptions } from '@/features/suppliers/api/supplier-options';
import { useStonesList } from './api/list-stones';
import { STONES_PATH } from './api/stones-path';
import { StoneCost } from './stone-cost';

function describe(s: Stone): string {
  const dims = [s.lengthMm, s.widthMm, s.heightMm].filter((d): d is string => d !== null);
  const size = s.sizeMm
    ? `${s.sizeMm.replace('.', ',')} mm`
    : dims.length > 1
      ? `${dims.map((d) => d.replace('.', ',')).join(' × ')} mm`
      : null;
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
        <span className="text-xs text-muted-foreground">
          {[describe(s), s.archivedAt ? 'Archivé' : ''].filter(Boolean).join(' · ')}
        </span>
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
        {formatStockQuantity(s.stockQuantity, s.stockUnit)}
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
  const archived = archiveView(state) === 'true';

  return (
    <ListPage<Stone>
      testId="stones-page"
      title="Pierres & Composants"
      description="Pierres de couleur, perles, lots de mêlée, apprêts et chaînes en stock. Coûts en USD convertis au cours du moment."
      basePath="/stones"
      createLabel="Nouvel article"
      canWrite={canWrite}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Nom, variété, couleur, origine…"
      emptyTitle={archived ? 'Aucun article archivé' : 'Aucun article trouvé'}
      emptyDescription={state.q ? 'Essayez une autre recherche.' : 'Ajoutez vos pierres et composants.'}
      csv={{
        path: STONES_PATH,
        filename: 'pierres-composants.csv',
        importDialog: {
          title: 'Importer des pierres et composants',
          columnsHint:
            'Catégorie, Nom, Variété, Forme, Taille (mm), Poids, Unité de poids, Couleur, Qualité, Traitement, Origine, Certificat, Coût unitaire, Devise, Fournisseur, Quantité en stock, Emplacement, Seuil de stock bas, Notes',
        },
      }}
      filters={
        <>
          <ListFilterSelect
            label="Catégorie"
            filter="category"
            state={state}
            onStateChange={setState}
            options={STONE_CATEGORIES.map((c) => ({ value: c, label: STONE_CATEGORY_LABELS[c] }))}
            allLabel="Toutes"
          />
          <ListFilterSelect
            label="Fournisseur"
            filter="supplierId"
            state={state}
            onStateChange={setState}
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
          <ArchiveFilter state={state} onStateChange={setState} />
        </>
      }
    />
  );
}
