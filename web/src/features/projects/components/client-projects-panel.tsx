import { useId } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOpen } from '@/features/access/use-can-open';
import { CLIENT_PROJECTS_SHOWN, useClientProjects } from '../api/client-projects';
import { ProjectStatusBadge } from './project-status-badge';

/**
 * "Projets" on a client's record: the client's active projects (soonest due first), each a link, and
 * "Nouveau projet" with the client chosen. Nothing when the projects module is off for the organization.
 */
export function ClientProjectsPanel({ clientId, canWrite }: { clientId: string; canWrite: boolean }) {
  const headingId = useId();
  const { ready, canOpen } = useCanOpen();
  const allowed = ready && canOpen('/projects');
  const projects = useClientProjects(clientId, allowed);
  if (ready && !allowed) return null;
  const total = projects.data?.total ?? 0;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card p-4" data-testid="client-projects">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          Projets
        </h2>
        {canWrite && canOpen('/projects/new', 'write') ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/projects/new?clientId=${encodeURIComponent(clientId)}`}>
              <Plus aria-hidden="true" />
              Nouveau projet
            </Link>
          </Button>
        ) : null}
      </div>
      {!projects.data && !projects.isError ? (
        <Skeleton className="h-12 w-full" />
      ) : projects.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Impossible de charger les projets.
        </p>
      ) : total === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun projet pour ce client</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y">
            {projects.data?.items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/projects/${p.id}`} className="font-medium hover:underline">
                    {p.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {p.dueDate ? `Livraison prévue le ${formatDateFr(p.dueDate)}` : 'Sans date de livraison'}
                  </p>
                </div>
                <ProjectStatusBadge status={p.status} />
              </li>
            ))}
          </ul>
          {total > CLIENT_PROJECTS_SHOWN ? (
            <Link
              to={`/projects?clientId=${encodeURIComponent(clientId)}`}
              className="mt-2 inline-block text-sm hover:underline"
            >
              Voir les {total} projets
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
