import { X } from 'lucide-react';
import { formatDateFr, formatEuro } from '@shared/format';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteListItem, type QuoteSummary } from '@shared/schemas/quotes';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import { ClientFilter } from '@/components/data-table/client-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { withFilter, type ListState } from '@/components/data-table/list-state';
import { ListSummary, type ListSummaryFigure } from '@/components/data-table/list-summary';
import { ListAmountFilter, ListDateFilter } from '@/components/data-table/range-filters';
import { useListState } from '@/components/data-table/use-list-state';
import { QuoteStatusBadge } from '@/components/quote-status-badge';
import { Button } from '@/components/ui/button';
import { useCanWrite } from '@/hooks/use-can-write';
import { QUOTES_PATH, useQuotesList, useQuotesSummary } from './api/quotes-api';

const COLUMNS: Column<QuoteListItem>[] = [
  {
    id: 'number',
    header: 'Numéro',
    sortable: true,
    // On a phone the title and the client go under the number: three columns fit 375 px.
    cell: (q) => (
      <div className="flex min-w-0 flex-col">
        {q.number ? (
          <span className="font-medium whitespace-nowrap">{q.number}</span>
        ) : (
          <span className="text-muted-foreground">Brouillon</span>
        )}
        <span className="text-sm sm:hidden">{q.title || 'Sans titre'}</span>
        <span className="text-xs text-muted-foreground md:hidden">{q.clientName ?? 'Sans client'}</span>
      </div>
    ),
  },
  {
    id: 'title',
    header: 'Titre',
    sortable: true,
    cell: (q) => (
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{q.title || 'Sans titre'}</span>
        {q.archivedAt ? <span className="text-xs text-muted-foreground">Archivé</span> : null}
      </div>
    ),
    className: 'hidden sm:table-cell',
  },
  {
    id: 'client',
    header: 'Client',
    cell: (q) => q.clientName ?? '—',
    className: 'hidden md:table-cell',
  },
  { id: 'status', header: 'Statut', cell: (q) => <QuoteStatusBadge status={q.status} /> },
  {
    id: 'createdAt',
    header: 'Créé le',
    sortable: true,
    cell: (q) => formatDateFr(q.createdAt),
    className: 'hidden sm:table-cell whitespace-nowrap',
  },
  {
    id: 'validUntil',
    header: 'Valable jusqu’au',
    sortable: true,
    cell: (q) => formatDateFr(q.validUntil, '—'),
    className: 'hidden lg:table-cell whitespace-nowrap',
  },
  {
    id: 'totalInclVat',
    header: 'Total TTC',
    sortable: true,
    cell: (q) => (
      <div className="flex flex-col items-end">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatEuro(q.totalInclVat)}</span>
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {formatEuro(q.totalExclVat)} HT
        </span>
      </div>
    ),
    className: 'text-right',
  },
];

const DEFAULTS = {
  sort: 'createdAt',
  dir: 'desc' as const,
  filters: {
    status: '',
    clientId: '',
    projectId: '',
    from: '',
    to: '',
    minAmount: '',
    maxAmount: '',
    archived: 'false',
  },
};

/** `/quotes`: every quote, searched, filtered (status, client, period, amount) and sorted, with their totals. */
export default function QuotesPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useQuotesList(state);
  const canWrite = useCanWrite('sales');
  const archived = archiveView(state) === 'true';
  const filtered = Object.entries(state.filters).some(([k, v]) => k !== 'archived' && v !== '') || state.q !== '';

  return (
    <ListPage<QuoteListItem>
      testId="quotes-page"
      title="Devis"
      description="Les devis chiffrés aux cours du jour, du brouillon à l’acceptation."
      basePath="/quotes"
      createLabel="Nouveau devis"
      canWrite={canWrite}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Numéro, titre, client, ligne…"
      emptyTitle={archived ? 'Aucun devis archivé' : 'Aucun devis trouvé'}
      emptyDescription={
        filtered
          ? 'Essayez une autre recherche ou d’autres filtres.'
          : 'Créez votre premier devis avec « Nouveau devis ».'
      }
      csv={{ path: QUOTES_PATH, filename: 'devis.csv' }}
      notice={<QuotesSummary state={state} />}
      filters={
        <>
          <ListFilterSelect
            label="Statut"
            filter="status"
            state={state}
            onStateChange={setState}
            options={QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }))}
          />
          <ClientFilter state={state} onStateChange={setState} />
          <ListDateFilter label="Créé du" filter="from" state={state} onStateChange={setState} />
          <ListDateFilter label="au" filter="to" state={state} onStateChange={setState} />
          <ListAmountFilter label="TTC min. (€)" filter="minAmount" state={state} onStateChange={setState} />
          <ListAmountFilter label="TTC max. (€)" filter="maxAmount" state={state} onStateChange={setState} />
          <ArchiveFilter state={state} onStateChange={setState} />
          {state.filters.projectId ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-9"
              onClick={() => setState(withFilter(state, 'projectId', ''))}
            >
              Projet filtré
              <X aria-hidden="true" />
              <span className="sr-only">: retirer le filtre</span>
            </Button>
          ) : null}
        </>
      }
    />
  );
}

const SUMMARY_FIGURES: ListSummaryFigure<QuoteSummary>[] = [
  { label: 'Total HT', testId: 'summary-excl-vat', value: (s) => formatEuro(s.totalExclVat) },
  { label: 'Total TTC', testId: 'summary-incl-vat', value: (s) => formatEuro(s.totalInclVat) },
];

/** Above the table: how many quotes the filters match and their totals (every page, not only this one). */
function QuotesSummary({ state }: { state: ListState }) {
  const summary = useQuotesSummary(state);
  return <ListSummary testId="quotes-summary" summary={summary} countLabel="Devis" figures={SUMMARY_FIGURES} />;
}
