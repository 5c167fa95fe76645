import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import { can } from '@shared/access';
import type { UserSummary } from '@shared/schemas/users';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { CreateUserDialog } from './create-user-dialog';
import { ALL_ROLE_OPTIONS } from './role-options';
import { UserDialog } from './user-dialog';
import { USERS_PATH, useUser } from './users-api';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Actifs' },
  { value: 'false', label: 'Désactivés' },
];

/** The URL parameter of the user shown in the dialog: `/users?user=<id>` is a link to that user. */
const USER_PARAM = 'user';

const COLUMNS: Column<UserSummary>[] = [
  {
    id: 'lastName',
    header: 'Nom',
    sortable: true,
    cell: (u) => (
      <div className="min-w-0">
        <p className="font-medium">
          {u.firstName} {u.lastName}
        </p>
        <p className="text-xs text-muted-foreground">{u.username}</p>
      </div>
    ),
  },
  { id: 'email', header: 'E-mail', sortable: true, cell: (u) => u.email, className: 'hidden md:table-cell' },
  { id: 'role', header: 'Rôle', sortable: true, cell: (u) => u.roleLabel },
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
    sortable: true,
    cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Jamais'),
    className: 'hidden sm:table-cell',
  },
];

const DEFAULTS = { sort: 'lastName', filters: { role: '', active: '' } };

/** Utilisateurs: the organization's staff accounts on the shared list screen; admins write, managers read. */
export default function UsersPage() {
  const { user } = useAuth();
  const [state, setState] = useListState(DEFAULTS);
  const list = useListQuery<UserSummary>(USERS_PATH, state);
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const selectedId = searchParams.get(USER_PARAM);
  // The user of the dialog: from the page on screen, or read on its own (a link opened in a new tab).
  const fromPage = list.data?.items.find((u) => u.id === selectedId);
  const fetched = useUser(selectedId !== null && !fromPage ? selectedId : null);
  const selected = fromPage ?? (selectedId !== null ? fetched.data : undefined);
  if (!user) return null;
  const canWrite = can(user.role, 'admin', 'write');

  const linkTo = (u: UserSummary) => {
    const params = new URLSearchParams(searchParams);
    params.set(USER_PARAM, u.id);
    return `/users?${params.toString()}`;
  };
  const close = () => {
    const params = new URLSearchParams(searchParams);
    params.delete(USER_PARAM);
    setSearchParams(params, { replace: true });
  };

  return (
    <ListPage<UserSummary>
      testId="users-page"
      title="Utilisateurs"
      description={
        canWrite
          ? "Les comptes de l'équipe, leurs rôles et leurs accès."
          : "Les comptes de l'équipe (lecture seule : seul un administrateur les modifie)."
      }
      basePath="/users"
      canWrite={canWrite}
      actions={
        <Button onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" />
          Nouvel utilisateur
        </Button>
      }
      columns={COLUMNS}
      list={list}
      state={state}
      onStateChange={setState}
      rowHref={linkTo}
      searchPlaceholder="Nom, identifiant ou e-mail…"
      emptyTitle="Aucun utilisateur"
      emptyDescription="Aucun compte ne correspond à ces critères."
      csv={{ path: USERS_PATH, filename: 'utilisateurs.csv' }}
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
    >
      {canWrite && <CreateUserDialog open={creating} onOpenChange={setCreating} actorRole={user.role} />}
      {selected && (
        <UserDialog
          key={selected.id}
          user={selected}
          canWrite={canWrite}
          actorRole={user.role}
          actorId={user.id}
          onClose={close}
        />
      )}
    </ListPage>
  );
}
