import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { can } from '@shared/access';
import { CLIENT_LOG_LEVELS } from '@shared/constants';
import { logLevelLabel, logSourceLabel, type JournalEntrySummary } from '@shared/schemas/journal';
import type { ListResponse } from '@shared/schemas/lists';
import type { UserSummary } from '@shared/schemas/users';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { withFilter } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { apiGet } from '@/lib/api-client';
import { DailyChart } from './daily-chart';
import { EntryDialog } from './entry-dialog';
import { LevelBadge } from './level-badge';
import { LOGS_PATH, useJournalStats } from './journal-api';
import { PurgePanel } from './purge-panel';

const STATS_DAYS = 30;
/** The URL parameter of the entry shown in the dialog: `/logs?entry=<id>` is a link to that entry. */
const ENTRY_PARAM = 'entry';

const COLUMNS: Column<JournalEntrySummary>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    sortable: true,
    cell: (e) => <span className="whitespace-nowrap">{formatDateTime(e.createdAt)}</span>,
  },
  { id: 'level', header: 'Niveau', cell: (e) => <LevelBadge level={e.level} /> },
  { id: 'source', header: 'Source', cell: (e) => logSourceLabel(e.source), className: 'hidden sm:table-cell' },
  {
    id: 'message',
    header: 'Message',
    // A message without spaces (a URL, a stack line) breaks anywhere rather than widening the page.
    cell: (e) => <span className="line-clamp-2 [overflow-wrap:anywhere]">{e.message}</span>,
    className: 'min-w-[8rem]',
  },
  { id: 'user', header: 'Utilisateur', cell: (e) => e.username ?? '—', className: 'hidden md:table-cell' },
];

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = `journal-${label}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className="h-9 w-40" />
    </div>
  );
}

const DEFAULTS = {
  sort: 'createdAt',
  dir: 'desc' as const,
  filters: { level: '', source: '', userId: '', from: '', to: '' },
};

/** Journal d'erreurs on the shared list screen: filters, list, entry detail, counts per day, purge. */
export default function JournalPage() {
  const { user } = useAuth();
  const [state, setState] = useListState(DEFAULTS);
  const list = useListQuery<JournalEntrySummary>(LOGS_PATH, state);
  const stats = useJournalStats(STATS_DAYS);
  const users = useQuery<ListResponse<UserSummary>>({
    queryKey: ['/api/users', 'journal-filter'],
    queryFn: () => apiGet<ListResponse<UserSummary>>('/api/users?pageSize=100'),
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const entryParam = searchParams.get(ENTRY_PARAM);
  const selected = entryParam !== null && /^\d+$/.test(entryParam) ? Number(entryParam) : null;
  const canPurge = can(user?.role, 'journal', 'write');
  const set = (key: string) => (value: string) => setState(withFilter(state, key, value));

  const linkTo = (e: JournalEntrySummary) => {
    const params = new URLSearchParams(searchParams);
    params.set(ENTRY_PARAM, String(e.id));
    return `/logs?${params.toString()}`;
  };
  const close = () => {
    const params = new URLSearchParams(searchParams);
    params.delete(ENTRY_PARAM);
    setSearchParams(params, { replace: true });
  };

  return (
    <ListPage<JournalEntrySummary>
      testId="journal-page"
      title="Journal d'erreurs"
      description="Les erreurs des navigateurs et du serveur, et les événements de sécurité de votre organisation."
      basePath="/logs"
      canWrite={false}
      notice={
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-base">Entrées par jour ({STATS_DAYS} derniers jours)</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {stats.data ? (
              <DailyChart days={stats.data.days} />
            ) : stats.isError ? (
              <p className="text-sm text-muted-foreground">Statistiques indisponibles.</p>
            ) : (
              <Skeleton className="h-28 w-full" />
            )}
            {canPurge && <PurgePanel />}
          </CardContent>
        </Card>
      }
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      rowHref={linkTo}
      searchPlaceholder="Texte du message ou source…"
      emptyTitle="Aucune entrée"
      emptyDescription="Le journal est vide pour ces critères."
      csv={{ path: LOGS_PATH, filename: 'journal.csv' }}
      filters={
        <>
          <ListFilterSelect
            label="Niveau"
            filter="level"
            state={state}
            onStateChange={setState}
            options={CLIENT_LOG_LEVELS.map((l) => ({ value: l, label: logLevelLabel(l) }))}
          />
          <ListFilterSelect
            label="Source"
            filter="source"
            state={state}
            onStateChange={setState}
            allLabel="Toutes"
            options={(stats.data?.bySource ?? []).map((s) => ({
              value: s.source,
              label: `${logSourceLabel(s.source)} (${s.count})`,
            }))}
          />
          <ListFilterSelect
            label="Utilisateur"
            filter="userId"
            state={state}
            onStateChange={setState}
            options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: u.username }))}
          />
          <DateFilter label="Du" value={state.filters.from ?? ''} onChange={set('from')} />
          <DateFilter label="Au" value={state.filters.to ?? ''} onChange={set('to')} />
        </>
      }
    >
      {selected !== null && <EntryDialog id={selected} onClose={close} />}
    </ListPage>
  );
}
