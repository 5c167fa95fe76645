import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/schemas/projects';
import { Badge } from '@/components/ui/badge';

/** A project's status; delivered and closed projects are shown quieter than those in progress. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const done = status === 'livre' || status === 'clos';
  return (
    <Badge variant={done ? 'outline' : 'secondary'} data-testid="project-status">
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
