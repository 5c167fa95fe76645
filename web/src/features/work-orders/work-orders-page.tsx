import { Link } from 'react-router';
import { Columns3, Scale } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import { WORK_ORDER_STATUSES, WORK_ORDER_STATUS_LABELS, type WorkOrder } from '@shared/schemas/work-orders';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import { ClientFilter } from '@/components/data-table/client-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { ListDateRangeFilter } from '@/components/data-table/range-filters';
import { useListState } from '@/components/data-table/use-list-state';
import { Button } from '@/components/ui/button';
import { useCanOpen } from '@/features/access/use-can-open';
import { useCanWrite } from '@/hooks/use-can-write';
import { useWorkOrdersList } from './api/list-work-orders';
import { useAssignees } from './api/list-assignees';
import { useSubcontractors } from './api/pickers';
import { WORK_ORDERS_PATH } from './api/work-orders-path';
import { LateBadge, PriorityBadge, WorkOrderStatusBadge } from './components/work-order-badges';
import { progressLabel } from './lib/display';

const COLUMNS: Column<WorkOrder>[] = [
  {
    id: 'number',
    header: 'Numéro',
    sortable: true,
    cell: (o) => (
      <div className="flex flex-col">
        <span className="font-medium whitespace-nowrap tabular-nums">{o.number}</span>
        {o.archivedAt ? <span className="text-xs text-muted-foreground">Archivé</span> : null}
        {/* On a phone the status column is hidden: the status goes under the number. */}
        <span className="mt-1 sm:hidden">
          <WorkOrderStatusBadge status={o.status} />
        </span>
      </div>
    ),
  },
  { id: 'title', header: 'Titre', sortable: true, cell: (o) => o.title },
  { id: 'client', header: 'Client', cell: (o) => o.clientName ?? '—', className: 'hidden lg:table-cell' },
  {
    id: 'currentStep',
    header: 'Étape en cours',
    cell: (o) => o.currentStep?.name ?? (o.stepCount > 0 ? 'Toutes faites' : 'Aucune étape'),
    className: 'hidden md:table-cell',
  },
  {
    id: 'progress',
    header: 'Avancement',
    cell: (o) => <span aria-label={`${o.stepsDone} étapes faites sur ${o.stepCount}`}>{progressLabel(o)}</span>,
    className: 'hidden sm:table-cell tabular-nums',
  },
  {
    id: 'dueDate',
    header: 'Échéance',
    sortable: true,
    cell: (o) => (
      <div className="flex flex-wrap items-center gap-1.5">
        <span className={o.late ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
          {formatDateFr(o.dueDate, '—')}
        </span>
        {o.late ? <LateBadge /> : null}
      </div>
    ),
  },
  {
    id: 'priority',
    header: 'Priorité',
    sortable: true,
    cell: (o) => <PriorityBadge status={o.priority} />,
    className: 'hidden md:table-cell',
  },
  {
    id: 'status',
    header: 'Statut',
    sortable: true,
    cell: (o) => <WorkOrderStatusBadge status={o.status} />,
    className: 'hidden sm:table-cell',
  },
];

const DEFAULTS = {
  sort: 'number',
  dir: 'desc' as const,
  filters: {
    status: '',
    assigneeId: '',
    supplierId: '',
    clientId: '',
    dueFrom: '',
    dueTo: '',
    late: '',
    open: '',
    archived: 'false',
  },
};

/** The workshop's links beside the list: the board by step and the metal ledger. */
export function WorkshopLinks() {
  return (
    <nav aria-label="Vues de l’atelier" className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to="/work-orders/board">
          <Columns3 aria-hidden="true" />
          Tableau atelier
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to="/work-orders/metal">
          <Scale aria-hidden="true" />
          Registre métal
        </Link>
      </Button>
    </nav>
  );
}

/**
 * Work orders: search, filters (status, assignee, subcontractor, late, finished or not, client, due date), sort, CSV
 * (state in the URL).
 */
export default function WorkOrdersPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useWorkOrdersList(state);
  const canWrite = useCanWrite('production');
  const { ready, canOpen } = useCanOpen();
  const seesClients = ready && canOpen('/clients');
  const assignees = useAssignees();
  const suppliers = useSubcontractors();
  const archived = archiveView(state) === 'true';
  const filtered = Object.entries(state.filters).some(([key, value]) => key !== 'archived' && value !== '');

  return (
    <ListPage<WorkOrder>
      testId="work-orders-page"
      title="Ordres de fabrication"
      description="Les pièces en cours à l’atelier, étape par étape, avec leur échéance."
      basePath="/work-orders"
      createLabel="Nouvel ordre"
      canWrite={canWrite}
      notice={<WorkshopLinks />}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Numéro, titre, client…"
      emptyTitle={archived ? 'Aucun ordre archivé' : 'Aucun ordre de fabrication trouvé'}
      emptyDescription={
        filtered || state.q
          ? 'Essayez une autre recherche ou d’autres filtres.'
          : 'Créez un ordre ici ou depuis un devis accepté.'
      }
      csv={{ path: WORK_ORDERS_PATH, filename: 'ordres-de-fabrication.csv' }}
      filters={
        <>
          <ListFilterSelect
            label="Statut"
            filter="status"
            state={state}
            onStateChange={setState}
            options={WORK_ORDER_STATUSES.map((s) => ({ value: s, label: WORK_ORDER_STATUS_LABELS[s] }))}
          />
          <ListFilterSelect
            label="Responsable"
            filter="assigneeId"
            state={state}
            onStateChange={setState}
            options={(assignees.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
          <ListFilterSelect
            label="Sous-traitant"
            filter="supplierId"
            state={state}
            onStateChange={setState}
            options={suppliers.data ?? []}
          />
          <ListFilterSelect
            label="Retard"
            filter="late"
            allLabel="Tous"
            state={state}
            onStateChange={setState}
            options={[{ value: 'true', label: 'En retard' }]}
          />
          <ListFilterSelect
            label="Avancement"
            filter="open"
            allLabel="Tous"
            state={state}
            onStateChange={setState}
            options={[
              { value: 'true', label: 'Non terminés' },
              { value: 'false', label: 'Terminés' },
            ]}
          />
          {seesClients ? <ClientFilter state={state} onStateChange={setState} /> : null}
          <ListDateRangeFilter legend="Échéance" from="dueFrom" to="dueTo" state={state} onStateChange={setState} />
          <ArchiveFilter state={state} onStateChange={setState} />
        </>
      }
    />
  );
}
