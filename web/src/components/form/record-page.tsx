import { Fragment, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageTitleDetail } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { ArchiveActions } from './archive-actions';
import { PageHeader } from './page-header';

interface ArchivableRecord {
  id: string;
  name: string;
  archivedAt: string | null;
}

/**
 * The frame of a référentiel record screen: link back to the list, error (not found / load failure) with
 * retry, loading skeleton, then the header with "Archiver"/"Restaurer" for users who may write, and the form
 * given by `children` (read-only without write access or once archived). The record's name goes before the
 * screen's title in the browser tab.
 */
export function RecordPage<T extends ArchivableRecord>({
  query,
  backTo,
  backLabel,
  notFoundText,
  loadErrorText,
  noun,
  canWrite,
  onArchive,
  onRestore,
  badge,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<{ data?: T | undefined }> };
  /** The list screen, also where an archived record leads. */
  backTo: string;
  backLabel: string;
  /** e.g. "Fournisseur introuvable." */
  notFoundText: string;
  /** e.g. "Impossible de charger le fournisseur." */
  loadErrorText: string;
  /** e.g. "ce fournisseur" */
  noun: string;
  canWrite: boolean;
  onArchive: (id: string) => Promise<unknown>;
  onRestore: (id: string) => Promise<unknown>;
  /** A badge under the title for a record that is not archived (archived ones show "Archivé"). */
  badge?: (record: T) => ReactNode;
  children: (record: T, form: { readOnly: boolean; onReload: () => Promise<T | undefined> }) => ReactNode;
}) {
  const navigate = useNavigate();
  const record = query.data;
  usePageTitleDetail(record?.name);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Link to={backTo} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backLabel}
      </Link>
      {query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <h1 className="text-xl font-semibold">
            {query.error instanceof ApiError && query.error.status === 404 ? notFoundText : loadErrorText}
          </h1>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !record ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <PageHeader
            title={record.name}
            description={record.archivedAt ? <Badge variant="destructive">Archivé</Badge> : badge?.(record)}
            actions={
              canWrite ? (
                <ArchiveActions
                  archived={Boolean(record.archivedAt)}
                  name={record.name}
                  noun={noun}
                  onArchive={() => onArchive(record.id)}
                  onRestore={() => onRestore(record.id)}
                  onArchived={() => void navigate(backTo)}
                />
              ) : null
            }
          />
          {/* The key remounts the form with fresh values when another record opens or after archive/restore. */}
          <Fragment key={`${record.id}-${record.archivedAt ?? ''}`}>
            {children(record, {
              readOnly: !canWrite || Boolean(record.archivedAt),
              onReload: async () => (await query.refetch()).data,
            })}
          </Fragment>
        </>
      )}
    </div>
  );
}
