import { Link } from 'react-router';
import { BookOpen, Plus } from 'lucide-react';
import { formatDateFr, formatEuro, formatNumber } from '@shared/format';
import { LEGAL_FINENESSES } from '@shared/gold-buy-rules';
import {
  GOLD_BUY_METAL_LABELS,
  GOLD_BUY_STATUS_LABELS,
  GOLD_BUY_STATUSES,
  type GoldBuyListItem,
} from '@shared/schemas/gold-buys';
import type { Column } from '@/components/data-table/data-table';
import { ClientFilter } from '@/components/data-table/client-filter';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { type ListState } from '@/components/data-table/list-state';
import { ListSummary, type ListSummaryFigure } from '@/components/data-table/list-summary';
import { ListDateRangeFilter } from '@/components/data-table/range-filters';
import { useListState } from '@/components/data-table/use-list-state';
import { Button } from '@/components/ui/button';
import { useCanWrite } from '@/hooks/use-can-write';
import { GOLD_BUYS_PATH, type GoldBuySummary, useGoldBuysList, useGoldBuysSummary } from './api/gold-buys-api';
import { GoldBuyStatusBadge } from './components/gold-buy-status-badge';

const COLUMNS: Column<GoldBuyListItem>[] = [
  {
    id: 'number',
    header: 'Numéro',
    sortable: true,
    // On a phone the seller and the date go under the number: three columns fit 375 px.
    cell: (g) => (
      <div className="flex min-w-0 flex-col">
        {g.number ? (
          <span className="font-medium whitespace-nowrap">{g.number}</span>
        ) : (
          <span className="text-muted-foreground">Brouillon</span>
        )}
        <span className="text-sm md:hidden">{g.sellerName ?? 'Vendeur non saisi'}</span>
        <span className="text-xs text-muted-foreground sm:hidden">
          {formatDateFr(g.signedAt ?? g.createdAt)} · {formatNumber(g.netWeightG, 2)} g
        </span>
      </div>
    ),
  },
  {
    id: 'sellerName',
    header: 'Vendeur',
    sortable: true,
    cell: (g) => g.sellerName ?? '—',
    className: 'hidden md:table-cell',
  },
  { id: 'status', header: 'Statut', cell: (g) => <GoldBuyStatusBadge status={g.status} /> },
  {
    id: 'signedAt',
    header: 'Signé le',
    sortable: true,
    cell: (g) => formatDateFr(g.signedAt, '—'),
    className: 'hidden sm:table-cell whitespace-nowrap',
  },
  {
    id: 'weight',
    header: 'Poids net',
    cell: (g) => `${formatNumber(g.netWeightG, 2)} g`,
    className: 'hidden lg:table-cell whitespace-nowrap text-right tabular-nums',
  },
  {
    id: 'total',
    header: 'Montant',
    sortable: true,
    cell: (g) => (
      <div className="flex flex-col items-end">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatEuro(g.total)}</span>
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          net {formatEuro(g.netPaid)}
        </span>
      </div>
    ),
    className: 'text-right',
  },
];

const DEFAULTS = {
  sort: 'createdAt',
  dir: 'desc' as const,
  filters: { status: '', sellerClientId: '', from: '', to: '', fineness: '' },
};

const STATUS_OPTIONS = [
  ...GOLD_BUY_STATUSES.map((s) => ({ value: s, label: GOLD_BUY_STATUS_LABELS[s] })),
  { value: 'in-withdrawal', label: 'En délai de rétractation' },
  { value: 'ready-to-melt', label: 'Prêt à fondre' },
];

const FINENESS_OPTIONS = [...new Set(Object.values(LEGAL_FINENESSES).flat())]
  .sort((a, b) => b - a)
  .map((f) => ({ value: String(f), label: `${f} ‰` }));

/** The seller filter: the shared client filter on `sellerClientId`. */
const SELLER_FILTER = {
  filter: 'sellerClientId',
  label: 'Vendeur',
  emptyLabel: 'Tous les vendeurs',
  searchLabel: 'Rechercher un vendeur à filtrer',
};

/** `/goldbuy`: the purchases from private persons, searched, filtered and sorted, with their totals. */
export default function GoldBuysPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useGoldBuysList(state);
  const canWrite = useCanWrite('goldbuy');
  const filtered = Object.values(state.filters).some((v) => v !== '') || state.q !== '';

  return (
    <ListPage<GoldBuyListItem>
      testId="gold-buys-page"
      title="Achats d’or"
      description="Les rachats de métaux précieux aux particuliers, du brouillon au livre de police."
      basePath="/goldbuy"
      canWrite
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/goldbuy/register">
              <BookOpen aria-hidden="true" />
              Livre de police
            </Link>
          </Button>
          {canWrite ? (
            <Button asChild>
              <Link to="/goldbuy/new">
                <Plus aria-hidden="true" />
                Nouvel achat
              </Link>
            </Button>
          ) : null}
        </>
      }
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Numéro, vendeur, objet…"
      emptyTitle="Aucun achat trouvé"
      emptyDescription={
        filtered
          ? 'Essayez une autre recherche ou d’autres filtres.'
          : 'Enregistrez votre premier achat avec « Nouvel achat ».'
      }
      csv={{ path: GOLD_BUYS_PATH, filename: 'achats-or.csv' }}
      notice={<GoldBuysSummary state={state} />}
      filters={
        <>
          <ListFilterSelect
            label="Statut"
            filter="status"
            state={state}
            onStateChange={setState}
            options={STATUS_OPTIONS}
          />
          <ListFilterSelect
            label="Titre"
            filter="fineness"
            state={state}
            onStateChange={setState}
            options={FINENESS_OPTIONS}
          />
          <ClientFilter state={state} onStateChange={setState} words={SELLER_FILTER} />
          <ListDateRangeFilter legend="Signé" from="from" to="to" state={state} onStateChange={setState} />
        </>
      }
    />
  );
}

const SUMMARY_FIGURES: ListSummaryFigure<GoldBuySummary>[] = [
  { label: 'Montant', testId: 'summary-total', value: (s) => formatEuro(s.total) },
  { label: 'Net versé', testId: 'summary-net-paid', value: (s) => formatEuro(s.netPaid) },
];

/** Above the table: how many purchases the filters match, their amounts and net weight per metal and fineness. */
function GoldBuysSummary({ state }: { state: ListState }) {
  const summary = useGoldBuysSummary(state);
  return (
    <ListSummary
      testId="gold-buys-summary"
      summary={summary}
      // Without a status, the server sums the purchases the shop keeps (signed, neither withdrawn nor corrected).
      countLabel={state.filters.status ? 'Achats' : 'Achats signés conservés'}
      figures={SUMMARY_FIGURES}
      details={(totals) => <WeightsByFineness weights={totals.byFineness} />}
    />
  );
}

/** The net weight bought per metal and fineness, nothing when no purchase matches. */
function WeightsByFineness({ weights }: { weights: GoldBuySummary['byFineness'] }) {
  if (weights.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid="summary-weights">
      {weights.map((w) => (
        <li key={`${w.metal}-${w.fineness}`} className="whitespace-nowrap">
          {GOLD_BUY_METAL_LABELS[w.metal]} {w.fineness} ‰ :{' '}
          <span className="font-medium text-foreground tabular-nums">{formatNumber(w.netWeightG, 3)} g</span>
        </li>
      ))}
    </ul>
  );
}
