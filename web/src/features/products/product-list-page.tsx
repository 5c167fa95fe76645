import { useCallback } from 'react';
import { AlertTriangle } from 'lucide-react';
import { can } from '@shared/access';
import { formatEuro, formatNumber } from '@shared/format';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_STATUS_LABELS,
  type ProductListItem,
} from '@shared/schemas/products';
import { CsvExportButton } from '@/components/data-table/csv-export-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { useListState } from '@/components/data-table/use-list-state';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/features/auth/auth-context';
import { PRODUCTS_KEY, useProductListQuery } from './api/products-api';
import { useRepriceOnMarketChange } from './api/use-reprice-on-market-change';
import { ProductCreateDialog } from './components/product-create-dialog';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: PRODUCT_CATEGORY_LABELS[c] }));
const STATUS_OPTIONS = [
  { value: 'archived', label: 'Archivées' },
  { value: 'all', label: 'Toutes' },
];

const columns: Column<ProductListItem>[] = [
  {
    id: 'name',
    header: 'Nom',
    sortable: true,
    cell: (p) => (
      <div className="flex items-center gap-3">
        {p.coverUrl ? (
          <img src={p.coverUrl} alt="" className="size-10 shrink-0 rounded object-cover" loading="lazy" />
        ) : (
          <div className="size-10 shrink-0 rounded bg-muted" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <div className="font-medium">{p.name}</div>
          <div className="text-xs text-muted-foreground md:hidden">{PRODUCT_CATEGORY_LABELS[p.category]}</div>
          <div className="hidden max-w-[22rem] truncate text-xs text-muted-foreground md:block">{p.slug}</div>
        </div>
      </div>
    ),
  },
  {
    id: 'category',
    header: 'Catégorie',
    sortable: true,
    cell: (p) => PRODUCT_CATEGORY_LABELS[p.category],
    className: 'hidden md:table-cell',
  },
  {
    id: 'status',
    header: 'Statut',
    cell: (p) => (
      <Badge variant={p.status === 'archived' ? 'outline' : 'secondary'}>{PRODUCT_STATUS_LABELS[p.status]}</Badge>
    ),
    className: 'hidden md:table-cell',
  },
  {
    id: 'coefficient',
    header: 'Coef.',
    cell: (p) => formatNumber(p.coefficient, 2),
    className: 'hidden text-right lg:table-cell',
  },
  {
    id: 'cost',
    header: 'Coût',
    cell: (p) => (p.price ? formatEuro(p.price.totalCost) : '—'),
    className: 'hidden text-right whitespace-nowrap md:table-cell',
  },
  {
    id: 'price',
    header: 'Prix de vente HT',
    cell: (p) =>
      p.price ? (
        <span className="inline-flex items-center gap-1 font-medium" data-testid="list-sale-price">
          {formatEuro(p.price.salePrice)}
          {!p.price.complete && (
            <AlertTriangle className="size-4 text-amber-600" aria-label="Prix incomplet" role="img" />
          )}
        </span>
      ) : (
        '—'
      ),
    className: 'text-right whitespace-nowrap',
  },
  {
    id: 'updatedAt',
    header: 'Modifiée le',
    sortable: true,
    cell: (p) => new Date(p.updatedAt).toLocaleDateString('fr-FR'),
    className: 'hidden lg:table-cell',
  },
];

/** `/products`: the product sheets with their live price (search, filters, sort, pages, CSV export). */
export default function ProductListPage() {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'catalog', 'write');
  const [state, setState] = useListState({ sort: 'name', filters: { category: '', status: '' } });
  const list = useProductListQuery(state);
  const isPriceQuery = useCallback(
    (key: readonly unknown[]) => key[0] === PRODUCTS_KEY[0] && key.length === 2 && typeof key[1] === 'object',
    [],
  );
  useRepriceOnMarketChange(isPriceQuery);

  return (
    <div className="space-y-4 md:space-y-6">
      <PageHeader
        title="Fiches produits"
        description="Composition, coût de revient et prix de vente recalculés avec les cours du jour."
        actions={canWrite ? <ProductCreateDialog /> : null}
      />
      <DataTable
        columns={columns}
        data={list.data}
        isLoading={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        rowHref={(p) => `/products/${p.slug}`}
        getRowId={(p) => p.id}
        emptyTitle={
          state.q || state.filters.category ? 'Aucune fiche ne correspond à la recherche' : 'Aucune fiche produit'
        }
        emptyDescription={canWrite ? 'Créez une fiche avec « Nouvelle fiche ».' : undefined}
        searchPlaceholder="Rechercher une fiche…"
        toolbar={<CsvExportButton path="/api/products" state={state} filename="fiches-produits.csv" />}
        filters={
          <>
            <ListFilterSelect
              label="Catégorie"
              filter="category"
              state={state}
              onStateChange={setState}
              options={CATEGORY_OPTIONS}
              allLabel="Toutes"
            />
            <ListFilterSelect
              label="Statut"
              filter="status"
              state={state}
              onStateChange={setState}
              options={STATUS_OPTIONS}
              allLabel="Actives"
            />
          </>
        }
      />
    </div>
  );
}
