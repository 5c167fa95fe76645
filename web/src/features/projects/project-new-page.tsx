import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/form/page-header';
import { ProjectForm } from './project-form';
import { isUuid } from '@shared/uuid';

/** A new project; `?clientId=` (the client record's "Nouveau projet") chooses the client beforehand. */
export default function ProjectNewPage() {
  const [params] = useSearchParams();
  const clientId = params.get('clientId') ?? '';
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Nouveau projet" description="Les champs marqués d’un * sont obligatoires." />
      <ProjectForm defaultClientId={isUuid(clientId) ? clientId.toLowerCase() : ''} />
    </div>
  );
}
