import { useCallback } from 'react';
import { AlertTriangle } from 'lucide-react';
import { can } from '@shared/access';
import { formatDateFr, formatEuro } from '@shared/format';
import { formatPlainDecimal } from '@shared/pricing-display';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, type ProductListItem } from '@shared/schemas/products';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/features/auth/auth-context';
import { PRODUCTS_KEY, useProductListQuery } from './api/products-api';
import { useRepriceOnMarketChange } from './api/use-reprice-on-market-change';
import { ProductCreateDialog } from './components/product-create-dialog';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: PRODUCT_CATEGORY_LABELS[c] }));

const COLUMNS: Column<ProductListItem>[] = [
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
          {p.archivedAt ? (
            <Badge variant="outline" className="mt-0.5">
              Archivée
            </Badge>
          ) : null}
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
    id: 'coefficient',
    header: 'Coef. métal · pierres · MO',
    cell: (p) => Object.values(p.coefficients).map(formatPlainDecimal).join(' · '),
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
    cell: (p) => formatDateFr(p.updatedAt),
    className: 'hidden lg:table-cell',
  },
];

const DEFAULTS = { sort: 'name', filters: { category: '', archived: 'false' } };

/** `/products`: the product sheets with their live price, on the shared list screen (search, filters, sort, pages, CSV). */
export default function ProductListPage() {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'catalog', 'write');
  const [state, setState] = useListState(DEFAULTS);
  const query = useProductListQuery(state);
  const isPriceQuery = useCallback(
    (key: readonly unknown[]) => key[0] === PRODUCTS_KEY[0] && key.length === 2 && typeof key[1] === 'object',
    [],
  );
  useRepriceOnMarketChange(isPriceQuery);
  const view = archiveView(state);

  return (
    <ListPage<ProductListItem>
      testId="products-page"
      title="Fiches produits"
      description="Composition, coût de revient et prix de vente recalculés avec les cours du jour."
      basePath="/products"
      canWrite={canWrite}
      actions={<ProductCreateDialog />}
      columns={COLUMNS}
      list={{ data: query.data, isLoading: query.isPending, isError: query.isError, refetch: query.refetch }}
      state={state}
      onStateChange={setState}
      rowHref={(p) => `/products/${p.slug}`}
      searchPlaceholder="Rechercher une fiche…"
      emptyTitle={
        view === 'true'
          ? 'Aucune fiche archivée'
          : state.q || state.filters.category
            ? 'Aucune fiche ne correspond à la recherche'
            : 'Aucune fiche produit'
      }
      emptyDescription={canWrite && view === 'false' ? 'Créez une fiche avec « Nouvelle fiche ».' : undefined}
      csv={{ path: '/api/products', filename: 'fiches-produits.csv' }}
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
          <ArchiveFilter state={state} onStateChange={setState} feminine />
        </>
      }
    />
  );
}
