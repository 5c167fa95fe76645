import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { can } from '@shared/access';
import type { UserSummary } from '@shared/schemas/users';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { CreateUserDialog } from './create-user-dialog';
import { ALL_ROLE_OPTIONS } from './role-options';
import { UserDialog } from './user-dialog';
import { UsersCsvButton } from './users-csv-button';
import { USERS_PATH } from './users-api';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Actifs' },
  { value: 'false', label: 'Désactivés' },
];

const COLUMNS: Column<UserSummary>[] = [
  {
    id: 'name',
    header: 'Nom',
    cell: (u) => (
      <div className="min-w-0">
        <p className="font-medium">
          {u.firstName} {u.lastName}
        </p>
        <p className="text-xs text-muted-foreground">{u.username}</p>
      </div>
    ),
  },
  { id: 'email', header: 'Email', cell: (u) => u.email, className: 'hidden md:table-cell' },
  { id: 'role', header: 'Rôle', cell: (u) => u.roleLabel },
  {
    id: 'status',
    header: 'Statut',
    cell: (u) =>
      !u.active ? (
        <Badge variant="destructive">Désactivé</Badge>
      ) : u.invitationPending ? (
        <Badge variant="outline">Invitation en attente</Badge>
      ) : (
        <Badge variant="secondary">Actif</Badge>
      ),
  },
  {
    id: 'lastLoginAt',
    header: 'Dernière connexion',
    cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Jamais'),
    className: 'hidden sm:table-cell',
  },
];

/** Utilisateurs (issue 3): the organization's staff accounts; admins write, managers read. */
export default function UsersPage() {
  const { user } = useAuth();
  const [state, setState] = useListState({ sort: 'lastName', filters: { role: '', active: '' } });
  const list = useListQuery<UserSummary>(USERS_PATH, state);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<UserSummary | null>(null);
  if (!user) return null;
  const canWrite = can(user.role, 'admin', 'write');

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Utilisateurs"
        description={
          canWrite
            ? "Les comptes de l'équipe, leurs rôles et leurs accès."
            : "Les comptes de l'équipe (lecture seule : seul un administrateur les modifie)."
        }
        actions={
          canWrite ? (
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden="true" />
              Nouvel utilisateur
            </Button>
          ) : undefined
        }
      />
      <DataTable
        columns={COLUMNS}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        onRowClick={setSelected}
        getRowId={(u) => u.id}
        emptyTitle="Aucun utilisateur"
        emptyDescription="Aucun compte ne correspond à ces critères."
        searchPlaceholder="Nom, identifiant ou email…"
        toolbar={<UsersCsvButton state={state} />}
        filters={
          <>
            <ListFilterSelect
              label="Rôle"
              filter="role"
              state={state}
              onStateChange={setState}
              options={ALL_ROLE_OPTIONS}
            />
            <ListFilterSelect
              label="Statut"
              filter="active"
              state={state}
              onStateChange={setState}
              options={ACTIVE_OPTIONS}
            />
          </>
        }
      />
      {canWrite && <CreateUserDialog open={creating} onOpenChange={setCreating} actorRole={user.role} />}
      {selected && (
        <UserDialog
          key={selected.id}
          user={selected}
          canWrite={canWrite}
          actorRole={user.role}
          actorId={user.id}
          onClose={() => setSelected(null)}
        />
      )}
    </section>
  );
}
