import { useNavigate, useParams } from 'react-router';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ArchiveActions } from '@/components/form/archive-actions';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { usePageTitleDetail } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { isFeedId, useDiamondFeed } from './api/get-feed';
import { useArchiveFeed } from './api/save-feed';
import { DiamondFeedForm } from './diamond-feed-form';
import { FeedImportPanel } from './components/feed-import-panel';
import { RunsHistory } from './components/runs-history';
import { feedKindLabel } from './lib/feed-labels';

/** A supplier feed: its import (file or address), the history of its runs, and its settings. */
export default function DiamondFeedPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useDiamondFeed(id);
  const archive = useArchiveFeed();
  const canWrite = useCanWrite('admin');
  const feed = query.data;
  usePageTitleDetail(feed?.name);
  const notFound = !isFeedId(id) || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link
        to="/diamonds/feeds"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Flux fournisseurs
      </Link>
      {notFound || query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <h1 className="text-xl font-semibold">{notFound ? 'Flux introuvable.' : 'Impossible de charger le flux.'}</h1>
          {notFound ? null : (
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Réessayer
            </Button>
          )}
        </div>
      ) : !feed ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <PageHeader
            title={feed.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{feedKindLabel(feed)}</Badge>
                {canWrite ? null : <span>Consultation seule</span>}
              </span>
            }
            actions={
              canWrite ? (
                <ArchiveActions
                  archived={false}
                  name={feed.name}
                  noun="ce flux"
                  archiveDescription="Le flux ne sera plus importé. Les pierres déjà importées et l’historique des imports sont conservés."
                  onArchive={() => archive.mutateAsync(feed.id)}
                  onRestore={() => Promise.resolve()}
                  onArchived={() => void navigate('/diamonds/feeds')}
                />
              ) : null
            }
          />
          <FeedImportPanel feed={feed} canWrite={canWrite} />
          <RunsHistory feedId={feed.id} />
          <Card>
            <CardHeader>
              <CardTitle>Paramètres du flux</CardTitle>
            </CardHeader>
            <CardContent>
              <DiamondFeedForm
                key={feed.id}
                feed={feed}
                readOnly={!canWrite}
                onReload={async () => (await query.refetch()).data}
              />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
