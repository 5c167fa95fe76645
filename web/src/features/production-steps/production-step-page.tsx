import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ArchiveActions } from '@/components/form/archive-actions';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError } from '@/lib/api-client';
import { useArchiveProductionStep } from './api/archive-production-step';
import { useProductionStep } from './api/get-production-step';
import { useRestoreProductionStep } from './api/restore-production-step';
import { ProductionStepForm } from './production-step-form';

/** A production step: the form (read-only without write access), archive/restore. */
export default function ProductionStepPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useProductionStep(id);
  const archive = useArchiveProductionStep();
  const restore = useRestoreProductionStep();
  const canWrite = useCanWrite('production');
  const s = query.data;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Link
        to="/production-steps"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Étapes Production
      </Link>
      {query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Étape introuvable.'
              : 'Impossible de charger l’étape.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !s ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <PageHeader
            title={s.name}
            description={s.archivedAt ? <Badge variant="destructive">Archivé</Badge> : undefined}
            actions={
              canWrite ? (
                <ArchiveActions
                  archived={Boolean(s.archivedAt)}
                  name={s.name}
                  noun="cette étape"
                  onArchive={() => archive.mutateAsync(s.id)}
                  onRestore={() => restore.mutateAsync(s.id)}
                  onArchived={() => void navigate('/production-steps')}
                />
              ) : null
            }
          />
          <ProductionStepForm
            key={`${s.id}-${s.archivedAt ?? ''}`}
            step={s}
            readOnly={!canWrite || Boolean(s.archivedAt)}
            onReload={async () => (await query.refetch()).data}
          />
        </>
      )}
    </div>
  );
}
