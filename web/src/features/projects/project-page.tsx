import { Link, useParams } from 'react-router';
import { RecordPage } from '@/components/form/record-page';
import { useCanWrite } from '@/hooks/use-can-write';
import { useArchiveProject } from './api/archive-project';
import { useProject } from './api/get-project';
import { useRestoreProject } from './api/restore-project';
import { ProjectPhotosPanel } from './components/project-photos-panel';
import { ProjectQuotesPanel } from './components/project-quotes-panel';
import { ProjectStatusBadge } from './components/project-status-badge';
import { ProjectTimelinePanel } from './components/project-timeline-panel';
import { ProjectForm } from './project-form';

/**
 * A project: the form (read-only without write access or once archived), its dated timeline with notes, its
 * sketches and photos, and the quotes attached to it (quotes module; work orders later).
 */
export default function ProjectPage() {
  const { id } = useParams();
  const query = useProject(id);
  const archive = useArchiveProject();
  const restore = useRestoreProject();
  const canWrite = useCanWrite('sales');

  return (
    <RecordPage
      query={query}
      backTo="/projects"
      backLabel="Projets"
      notFoundText="Projet introuvable."
      loadErrorText="Impossible de charger le projet."
      noun="ce projet"
      canWrite={canWrite}
      onArchive={(projectId) => archive.mutateAsync(projectId)}
      onRestore={(projectId) => restore.mutateAsync(projectId)}
      badge={(p) => (
        <span className="flex flex-wrap items-center gap-2">
          <ProjectStatusBadge status={p.status} />
          <Link to={`/clients/${p.clientId}`} className="hover:underline">
            {p.clientName}
          </Link>
        </span>
      )}
    >
      {(p, form) => (
        <div className="flex flex-col gap-4">
          <ProjectForm project={p} readOnly={form.readOnly} onReload={form.onReload} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ProjectTimelinePanel projectId={p.id} canWrite={!form.readOnly} />
            <div className="flex flex-col gap-4">
              {/* Slot of the quotes attached to the project (quotes module); work orders will follow here. */}
              <ProjectQuotesPanel projectId={p.id} />
              <ProjectPhotosPanel projectId={p.id} canWrite={!form.readOnly} />
            </div>
          </div>
        </div>
      )}
    </RecordPage>
  );
}
