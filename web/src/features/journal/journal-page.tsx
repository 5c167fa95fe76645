import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@shared/access';
import { CLIENT_LOG_LEVELS } from '@shared/constants';
import type { JournalEntrySummary } from '@shared/schemas/journal';
import type { ListResponse } from '@shared/schemas/lists';
import type { UserSummary } from '@shared/schemas/users';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { withFilter } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { ClientCsvButton } from '@/features/admin-shared/client-csv-button';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { apiGet } from '@/lib/api-client';
import { DailyChart } from './daily-chart';
import { EntryDialog } from './entry-dialog';
import { LOGS_PATH, useJournalStats } from './journal-api';
import { PurgePanel } from './purge-panel';

const STATS_DAYS = 30;
const LEVEL_LABELS: Record<string, string> = {
  error: 'Erreur',
  warn: 'Avertissement',
  info: 'Info',
  debug: 'Débogage',
};

const COLUMNS: Column<JournalEntrySummary>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (e) => <span className="whitespace-nowrap">{formatDateTime(e.createdAt)}</span>,
  },
  {
    id: 'level',
    header: 'Niveau',
    cell: (e) => (
      <Badge variant={e.level === 'error' ? 'destructive' : e.level === 'warn' ? 'outline' : 'secondary'}>
        {LEVEL_LABELS[e.level] ?? e.level}
      </Badge>
    ),
  },
  { id: 'source', header: 'Source', cell: (e) => e.source, className: 'hidden sm:table-cell' },
  {
    id: 'message',
    header: 'Message',
    cell: (e) => <span className="line-clamp-2 break-words">{e.message}</span>,
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

/** Journal d'erreurs (issue 3): filters, list, detail, counts per day, purge (superadmin). */
export default function JournalPage() {
  const { user } = useAuth();
  const [state, setState] = useListState({
    sort: 'createdAt',
    dir: 'desc',
    filters: { level: '', source: '', userId: '', from: '', to: '' },
  });
  const list = useListQuery<JournalEntrySummary>(LOGS_PATH, state);
  const stats = useJournalStats(STATS_DAYS);
  const users = useQuery<ListResponse<UserSummary>>({
    queryKey: ['/api/users', 'journal-filter'],
    queryFn: () => apiGet<ListResponse<UserSummary>>('/api/users?pageSize=100'),
  });
  const [selected, setSelected] = useState<number | null>(null);
  const canPurge = can(user?.role, 'journal', 'write');
  const set = (key: string) => (value: string) => setState(withFilter(state, key, value));

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Journal d'erreurs"
        description="Les erreurs des navigateurs et du serveur, et les événements de sécurité de votre organisation."
      />
      <Card>
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
      <DataTable
        columns={COLUMNS}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        onRowClick={(e) => setSelected(e.id)}
        getRowId={(e) => String(e.id)}
        emptyTitle="Aucune entrée"
        emptyDescription="Le journal est vide pour ces critères."
        searchPlaceholder="Texte du message ou source…"
        toolbar={
          <ClientCsvButton<JournalEntrySummary>
            path={LOGS_PATH}
            state={state}
            filename="journal.csv"
            pageSize={200}
            headers={['Date', 'Niveau', 'Source', 'Message', 'Utilisateur', 'IP']}
            row={(e) => [e.createdAt, e.level, e.source, e.message, e.username, e.ip]}
          />
        }
        filters={
          <>
            <FilterSelect
              label="Niveau"
              value={state.filters.level ?? ''}
              onChange={set('level')}
              options={CLIENT_LOG_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] ?? l }))}
            />
            <FilterSelect
              label="Source"
              value={state.filters.source ?? ''}
              onChange={set('source')}
              allLabel="Toutes"
              options={(stats.data?.bySource ?? []).map((s) => ({
                value: s.source,
                label: `${s.source} (${s.count})`,
              }))}
            />
            <FilterSelect
              label="Utilisateur"
              value={state.filters.userId ?? ''}
              onChange={set('userId')}
              options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: u.username }))}
            />
            <DateFilter label="Du" value={state.filters.from ?? ''} onChange={set('from')} />
            <DateFilter label="Au" value={state.filters.to ?? ''} onChange={set('to')} />
          </>
        }
      />
      {selected !== null && <EntryDialog id={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
