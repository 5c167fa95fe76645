import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Building2 } from 'lucide-react';
import type { OrganizationUsage } from '@shared/schemas/superadmin';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { ApiError } from '@/lib/api-client';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { OrganizationDialog } from './organization-dialog';
import { ORGANIZATIONS_PATH, useOrganizationStatus } from './superadmin-api';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Actives' },
  { value: 'suspended', label: 'Suspendues' },
];
/** The URL parameter of the organization shown in the dialog (the link of its row). */
const ORGANIZATION_PARAM = 'organization';
const DEFAULTS = { sort: 'name', filters: { status: '' } };

/** Superadmin — organizations with their usage on the shared list screen; create one with its first admin; suspend / reactivate. */
export default function OrganizationsPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useListQuery<OrganizationUsage>(ORGANIZATIONS_PATH, state);
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<OrganizationUsage | null>(null);
  const setStatus = useOrganizationStatus();
  const suspending = target?.status === 'active';
  const selectedId = searchParams.get(ORGANIZATION_PARAM);

  const linkTo = (o: OrganizationUsage) => {
    const params = new URLSearchParams(searchParams);
    params.set(ORGANIZATION_PARAM, o.id);
    return `/superadmin/organizations?${params.toString()}`;
  };
  const close = () => {
    const params = new URLSearchParams(searchParams);
    params.delete(ORGANIZATION_PARAM);
    setSearchParams(params, { replace: true });
  };

  const columns: Column<OrganizationUsage>[] = [
    {
      id: 'name',
      header: 'Organisation',
      sortable: true,
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
      interactive: true,
      className: 'hidden sm:table-cell',
      cell: (o) => (
        <Button variant={o.status === 'active' ? 'outline' : 'default'} size="sm" onClick={() => setTarget(o)}>
          {o.status === 'active' ? 'Suspendre' : 'Réactiver'}
        </Button>
      ),
    },
  ];

  return (
    <ListPage<OrganizationUsage>
      testId="organizations-page"
      title="Organisations"
      description="Les organisations de cette installation et leur utilisation."
      basePath="/superadmin/organizations"
      canWrite
      actions={
        <Button onClick={() => setCreating(true)}>
          <Building2 aria-hidden="true" />
          Nouvelle organisation
        </Button>
      }
      columns={columns}
      list={list}
      state={state}
      onStateChange={setState}
      rowHref={linkTo}
      searchPlaceholder="Nom de l'organisation…"
      emptyTitle="Aucune organisation"
      csv={{ path: ORGANIZATIONS_PATH, filename: 'organisations.csv' }}
      filters={
        <ListFilterSelect
          label="Statut"
          filter="status"
          state={state}
          onStateChange={setState}
          allLabel="Toutes"
          options={STATUS_OPTIONS}
        />
      }
    >
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      {selectedId !== null && <OrganizationDialog id={selectedId} onClose={close} onChangeStatus={setTarget} />}
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
    </ListPage>
  );
}
