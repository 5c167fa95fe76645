import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ArchiveActions } from '@/components/form/archive-actions';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError } from '@/lib/api-client';
import { useArchiveSupplier } from './api/archive-supplier';
import { useSupplier } from './api/get-supplier';
import { useRestoreSupplier } from './api/restore-supplier';
import { SupplierForm } from './supplier-form';

/** A supplier's sheet: the form (read-only without write access), archive/restore. */
export default function SupplierPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useSupplier(id);
  const archive = useArchiveSupplier();
  const restore = useRestoreSupplier();
  const canWrite = useCanWrite('catalog');
  const s = query.data;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Link
        to="/suppliers"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Ateliers & partenaires
      </Link>
      {query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Fournisseur introuvable.'
              : 'Impossible de charger le fournisseur.'}
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
                  noun="ce fournisseur"
                  onArchive={() => archive.mutateAsync(s.id)}
                  onRestore={() => restore.mutateAsync(s.id)}
                  onArchived={() => void navigate('/suppliers')}
                />
              ) : null
            }
          />
          <SupplierForm
            key={`${s.id}-${s.archivedAt ?? ''}`}
            supplier={s}
            readOnly={!canWrite || Boolean(s.archivedAt)}
            onReload={async () => (await query.refetch()).data}
          />
        </>
      )}
    </div>
  );
}
