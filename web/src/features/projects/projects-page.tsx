import { formatDateFr, formatEuro } from '@shared/format';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type Project } from '@shared/schemas/projects';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { ListDateRangeFilter } from '@/components/data-table/range-filters';
import { useListState } from '@/components/data-table/use-list-state';
import { useCanWrite } from '@/hooks/use-can-write';
import { useProjectsList } from './api/list-projects';
import { PROJECTS_PATH } from './api/projects-path';
import { ClientFilter } from '@/components/data-table/client-filter';
import { ProjectStatusBadge } from './components/project-status-badge';

const COLUMNS: Column<Project>[] = [
  {
    id: 'title',
    header: 'Titre',
    sortable: true,
    cell: (p) => (
      <div className="flex flex-col">
        <span className="font-medium">{p.title}</span>
        {p.archivedAt ? <span className="text-xs text-muted-foreground">Archivé</span> : null}
      </div>
    ),
  },
  { id: 'client', header: 'Client', cell: (p) => p.clientName || '—', className: 'hidden sm:table-cell' },
  { id: 'status', header: 'Statut', sortable: true, cell: (p) => <ProjectStatusBadge status={p.status} /> },
  {
    id: 'dueDate',
    header: 'Livraison prévue',
    sortable: true,
    cell: (p) => formatDateFr(p.dueDate, '—'),
    className: 'hidden md:table-cell',
  },
  {
    id: 'budget',
    header: 'Budget',
    cell: (p) => formatEuro(p.budget, 2, '—'),
    className: 'hidden lg:table-cell text-right tabular-nums',
  },
  {
    id: 'updatedAt',
    header: 'Modifié le',
    sortable: true,
    cell: (p) => formatDateFr(p.updatedAt, '—'),
    className: 'hidden xl:table-cell',
  },
];

const DEFAULTS = {
  sort: 'dueDate',
  filters: { status: '', clientId: '', dueFrom: '', dueTo: '', archived: 'false' },
};

/** Projects: search, filters by status, client and due date, sort, CSV export (state in the URL). */
export default function ProjectsPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useProjectsList(state);
  const canWrite = useCanWrite('sales');
  const archived = archiveView(state) === 'true';
  const filtered = Boolean(
    state.q || state.filters.status || state.filters.clientId || state.filters.dueFrom || state.filters.dueTo,
  );

  return (
    <ListPage<Project>
      testId="projects-page"
      title="Projets"
      description="Les créations sur mesure de vos clients, de l’idée à la livraison."
      basePath="/projects"
      createLabel="Nouveau projet"
      canWrite={canWrite}
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Titre, client, description…"
      emptyTitle={archived ? 'Aucun projet archivé' : 'Aucun projet trouvé'}
      emptyDescription={
        filtered ? 'Essayez une autre recherche ou d’autres filtres.' : 'Créez le premier projet d’un client.'
      }
      csv={{ path: PROJECTS_PATH, filename: 'projets.csv' }}
      filters={
        <>
          <ListFilterSelect
            label="Statut"
            filter="status"
            state={state}
            onStateChange={setState}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
          />
          <ClientFilter state={state} onStateChange={setState} />
          <ListDateRangeFilter
            legend="Livraison prévue"
            from="dueFrom"
            to="dueTo"
            state={state}
            onStateChange={setState}
          />
          <ArchiveFilter state={state} onStateChange={setState} />
        </>
      }
    />
  );
}
