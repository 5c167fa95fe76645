import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrganizationUsage } from '@shared/schemas/superadmin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { apiGet } from '@/lib/api-client';
import { ORGANIZATIONS_PATH } from './superadmin-api';

const count = new Intl.NumberFormat('fr-FR');

/**
 * One organization with its usage (`/superadmin/organizations?organization=<id>`, the link of its
 * row): who uses it, since when, and the way to its modules, to suspend or to reactivate it.
 */
export function OrganizationDialog({
  id,
  onClose,
  onChangeStatus,
}: {
  id: string;
  onClose: () => void;
  onChangeStatus: (organization: OrganizationUsage) => void;
}) {
  const query = useQuery<OrganizationUsage>({
    queryKey: [ORGANIZATIONS_PATH, id],
    queryFn: () => apiGet<OrganizationUsage>(`${ORGANIZATIONS_PATH}/${id}`),
  });
  const o = query.data;
  const facts: Array<[string, string]> = o
    ? [
        ['Identifiant', o.slug],
        ['Utilisateurs actifs / comptes', `${count.format(o.activeUsers)} / ${count.format(o.users)}`],
        ['Sessions ouvertes', count.format(o.activeSessions)],
        ['Entrées du journal', count.format(o.logEntries)],
        ['Dernière connexion', formatDateTime(o.lastLoginAt)],
        ['Créée le', formatDateTime(o.createdAt)],
        ...(o.suspendedAt ? ([['Suspendue le', formatDateTime(o.suspendedAt)]] as Array<[string, string]>) : []),
      ]
    : [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{o?.name ?? 'Organisation'}</DialogTitle>
          <DialogDescription>
            {o ? (o.status === 'active' ? 'Organisation active' : 'Organisation suspendue') : 'Chargement...'}
          </DialogDescription>
        </DialogHeader>
        {query.isError && <p role="alert">Impossible de charger cette organisation.</p>}
        {!o && !query.isError && <Skeleton className="h-40 w-full" />}
        {o && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={o.status === 'active' ? 'secondary' : 'destructive'}>
                {o.status === 'active' ? 'Active' : 'Suspendue'}
              </Badge>
              <Button asChild variant="outline" size="sm">
                <Link to="/superadmin/modules">Modules</Link>
              </Button>
              <Button
                variant={o.status === 'active' ? 'outline' : 'default'}
                size="sm"
                onClick={() => onChangeStatus(o)}
              >
                {o.status === 'active' ? 'Suspendre' : 'Réactiver'}
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
