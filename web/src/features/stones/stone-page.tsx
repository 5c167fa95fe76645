import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ArchiveActions } from '@/components/form/archive-actions';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError } from '@/lib/api-client';
import { useArchiveStone } from './api/archive-stone';
import { useStone } from './api/get-stone';
import { useRestoreStone } from './api/restore-stone';
import { StoneForm } from './stone-form';

/** A stone or component sheet: the form (read-only without write access), archive/restore. */
export default function StonePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useStone(id);
  const archive = useArchiveStone();
  const restore = useRestoreStone();
  const canWrite = useCanWrite('catalog');
  const s = query.data;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Link to="/stones" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Pierres & Composants
      </Link>
      {query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Article introuvable.'
              : 'Impossible de charger l’article.'}
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
            description={
              s.archivedAt ? (
                <Badge variant="destructive">Archivé</Badge>
              ) : s.lowStock ? (
                <Badge variant="destructive">Stock bas</Badge>
              ) : undefined
            }
            actions={
              canWrite ? (
                <ArchiveActions
                  archived={Boolean(s.archivedAt)}
                  name={s.name}
                  noun="cet article"
                  onArchive={() => archive.mutateAsync(s.id)}
                  onRestore={() => restore.mutateAsync(s.id)}
                  onArchived={() => void navigate('/stones')}
                />
              ) : null
            }
          />
          <StoneForm
            key={`${s.id}-${s.archivedAt ?? ''}`}
            stone={s}
            readOnly={!canWrite || Boolean(s.archivedAt)}
            onReload={async () => (await query.refetch()).data}
          />
        </>
      )}
    </div>
  );
}
