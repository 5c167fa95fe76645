import type { UserSummary } from '@shared/schemas/users';
import type { ListState } from '@/components/data-table/list-state';
import { ClientCsvButton } from '@/features/admin-shared/client-csv-button';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { USERS_PATH } from './users-api';

const HEADERS = ['Identifiant', 'Prénom', 'Nom', 'Email', 'Rôle', 'Actif', 'Dernière connexion', 'Créé le'];

/** The users list as CSV, same search and filters. */
export function UsersCsvButton({ state }: { state: ListState }) {
  return (
    <ClientCsvButton<UserSummary>
      path={USERS_PATH}
      state={state}
      filename="utilisateurs.csv"
      headers={HEADERS}
      row={(u) => [
        u.username,
        u.firstName,
        u.lastName,
        u.email,
        u.roleLabel,
        u.active ? 'oui' : 'non',
        u.lastLoginAt ? formatDateTime(u.lastLoginAt) : '',
        formatDateTime(u.createdAt),
      ]}
    />
  );
}
