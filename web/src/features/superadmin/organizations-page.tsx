import { useState } from 'react';
import { Building2 } from 'lucide-react';
import type { OrganizationUsage } from '@shared/schemas/superadmin';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { withFilter } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ClientCsvButton } from '@/features/admin-shared/client-csv-button';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { ApiError } from '@/lib/api-client';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { ORGANIZATIONS_PATH, useOrganizationStatus } from './superadmin-api';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Actives' },
  { value: 'suspended', label: 'Suspendues' },
];

/** Superadmin — organizations with their usage; create one with its first admin; suspend / reactivate. */
export default function OrganizationsPage() {
  const [state, setState] = useListState({ sort: 'name', filters: { status: '' } });
  const list = useListQuery<OrganizationUsage>(ORGANIZATIONS_PATH, state);
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<OrganizationUsage | null>(null);
  const setStatus = useOrganizationStatus();
  const suspending = target?.status === 'active';

  const columns: Column<OrganizationUsage>[] = [
    {
      id: 'name',
      header: 'Organisation',
      cell: (o) => (
        <div>
          <p className="font-medium">{o.name}</p>
          <p className="text-xs text-muted-foreground">{o.slug}</p>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Statut',
      cell: (o) =>
        o.status === 'active' ? (
          <Badge variant="secondary">Active</Badge>
        ) : (
          <Badge variant="destructive">Suspendue</Badge>
        ),
    },
    { id: 'users', header: 'Utilisateurs', cell: (o) => `${o.activeUsers} / ${o.users}` },
    { id: 'sessions', header: 'Sessions', cell: (o) => o.activeSessions, className: 'hidden sm:table-cell' },
    { id: 'logs', header: 'Journal', cell: (o) => o.logEntries, className: 'hidden md:table-cell' },
    {
      id: 'lastLoginAt',
      header: 'Dernière connexion',
      cell: (o) => formatDateTime(o.lastLoginAt),
      className: 'hidden md:table-cell',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (o) => (
        <Button
          variant={o.status === 'active' ? 'outline' : 'default'}
          size="sm"
          onClick={(e) => {
            e.stopPropagation();
            setTarget(o);
          }}
        >
          {o.status === 'active' ? 'Suspendre' : 'Réactiver'}
        </Button>
      ),
    },
  ];

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Organisations"
        description="Les organisations de cette installation et leur utilisation."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Building2 aria-hidden="true" />
            Nouvelle organisation
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        getRowId={(o) => o.id}
        emptyTitle="Aucune organisation"
        searchPlaceholder="Nom de l'organisation…"
        toolbar={
          <ClientCsvButton<OrganizationUsage>
            path={ORGANIZATIONS_PATH}
            state={state}
            filename="organisations.csv"
            headers={['Nom', 'Identifiant', 'Statut', 'Utilisateurs', 'Actifs', 'Sessions', 'Journal', 'Créée le']}
            row={(o) => [o.name, o.slug, o.status, o.users, o.activeUsers, o.activeSessions, o.logEntries, o.createdAt]}
          />
        }
        filters={
          <FilterSelect
            label="Statut"
            value={state.filters.status ?? ''}
            allLabel="Toutes"
            onChange={(v) => setState(withFilter(state, 'status', v))}
            options={STATUS_OPTIONS}
          />
        }
      />
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={target !== null}
        title={suspending ? `Suspendre ${target?.name ?? ''} ?` : `Réactiver ${target?.name ?? ''} ?`}
        description={
          suspending
            ? 'Ses utilisateurs ne pourront plus se connecter et leurs sessions ouvertes se terminent immédiatement. Ses données sont conservées.'
            : 'Ses utilisateurs pourront de nouveau se connecter.'
        }
        confirmLabel={suspending ? 'Suspendre' : 'Réactiver'}
        destructive={suspending}
        onOpenChange={(o) => !o && setTarget(null)}
        onConfirm={() =>
          target
            ? setStatus.mutateAsync({ id: target.id, status: suspending ? 'suspended' : 'active' }).then(
                (o) => {
                  setTarget(null);
                  toast({
                    title: o.status === 'suspended' ? 'Organisation suspendue' : 'Organisation réactivée',
                    description: o.name,
                  });
                },
                (e: Error) => {
                  setTarget(null);
                  toast({
                    title: 'Changement impossible',
                    description: e instanceof ApiError ? e.serverMessage : e.message,
                    variant: 'destructive',
                  });
                },
              )
            : undefined
        }
      />
    </section>
  );
}
