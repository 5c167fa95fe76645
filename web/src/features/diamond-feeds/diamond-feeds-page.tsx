import { Link } from 'react-router';
import { ChevronRight, Plus, Rss } from 'lucide-react';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { useDiamondFeeds } from './api/list-feeds';
import { RunStatusBadge } from './components/run-status-badge';
import { feedKindLabel } from './lib/feed-labels';
import { countOf, formatRunTime, formatSchedule } from './lib/run-format';

function LastRun({ feed }: { feed: DiamondFeedView }) {
  const run = feed.lastRun;
  if (!run) return <p className="text-sm text-muted-foreground">Jamais importé</p>;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <RunStatusBadge status={run.status} />
        <span className="text-muted-foreground">{formatRunTime(run.startedAt)}</span>
      </div>
      {run.status === 'failed' && run.error ? (
        <p className="text-xs text-red-800 dark:text-red-200">{run.error}</p>
      ) : (
        <p className="text-xs text-muted-foreground tabular-nums">
          {[
            countOf(run.rowsRead, 'lue', 'lues'),
            countOf(run.rowsAccepted, 'acceptée', 'acceptées'),
            countOf(run.rowsRejected, 'rejetée', 'rejetées'),
            countOf(run.added, 'ajoutée', 'ajoutées'),
            countOf(run.updated, 'mise à jour', 'mises à jour'),
            countOf(run.removed, 'retirée', 'retirées'),
          ].join(' · ')}
        </p>
      )}
    </div>
  );
}

function FeedCard({ feed }: { feed: DiamondFeedView }) {
  return (
    <li>
      <Link
        to={`/diamonds/feeds/${feed.id}`}
        className="flex items-center gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <div className="grid min-w-0 flex-1 gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] md:items-center">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="truncate font-semibold">{feed.name}</h2>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="secondary">{feedKindLabel(feed)}</Badge>
              {feed.kind === 'url' ? <span>Relève {formatSchedule(feed.scheduleMinutes)}</span> : null}
              <span>{feed.fullFeed ? 'Stock complet' : 'Stock partiel'}</span>
            </div>
          </div>
          <LastRun feed={feed} />
        </div>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The organization's supplier feeds with their last import; admins create them, managers read them. */
export default function DiamondFeedsPage() {
  const feeds = useDiamondFeeds();
  const canWrite = useCanWrite('admin');

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title="Flux fournisseurs"
        description="Les stocks de diamants de vos fournisseurs, importés dans votre catalogue et vus de votre seule boutique."
        actions={
          canWrite ? (
            <Button asChild>
              <Link to="/diamonds/feeds/new">
                <Plus aria-hidden="true" />
                Nouveau flux
              </Link>
            </Button>
          ) : null
        }
      />
      {feeds.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border p-4 text-sm">
          <p>Impossible de charger les flux fournisseurs.</p>
          <Button variant="outline" size="sm" onClick={() => void feeds.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !feeds.data ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Chargement des flux">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : feeds.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <Rss className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-semibold">Aucun flux fournisseur</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            Un flux importe le stock d’un fournisseur (fichier IDEX, RapNet, VDB, Nivoda ou le vôtre) dans le catalogue
            de diamants, avec votre coefficient de vente.
          </p>
          {canWrite ? (
            <Button asChild variant="outline">
              <Link to="/diamonds/feeds/new">
                <Plus aria-hidden="true" />
                Créer le premier flux
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Flux fournisseurs">
          {feeds.data.map((feed) => (
            <FeedCard key={feed.id} feed={feed} />
          ))}
        </ul>
      )}
    </div>
  );
}
