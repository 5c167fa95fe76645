import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeedRuns } from '../api/list-runs';
import { formatCount, formatRunTime } from '../lib/run-format';
import { RejectsLink } from './rejects-link';
import { RunStatusBadge } from './run-status-badge';

const NUMBER_CELL = 'px-2 py-2 text-right tabular-nums';

/** The last imports of a feed, newest first, each with its counters and its rejected rows. */
export function RunsHistory({ feedId }: { feedId: string }) {
  const runs = useFeedRuns(feedId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Historique des imports</CardTitle>
        <CardDescription>Les 20 derniers imports, du plus récent au plus ancien.</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Impossible de charger l’historique des imports.</p>
            <Button variant="outline" size="sm" onClick={() => void runs.refetch()}>
              Réessayer
            </Button>
          </div>
        ) : !runs.data ? (
          <Skeleton className="h-24 w-full" />
        ) : runs.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun import pour ce flux.</p>
        ) : (
          // Focusable: a keyboard can scroll it should a narrow screen still be too narrow for it.
          <div className="-mx-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Historique des imports">
            <table className="w-full text-sm" data-testid="runs-history">
              <thead className="text-xs text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Statut
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Lues
                  </th>
                  <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell">
                    Acceptées
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Rejetées
                  </th>
                  <th scope="col" className="hidden px-2 py-2 text-right font-medium md:table-cell">
                    Ajoutées
                  </th>
                  <th scope="col" className="hidden px-2 py-2 text-right font-medium md:table-cell">
                    Mises à jour
                  </th>
                  <th scope="col" className="hidden px-2 py-2 text-right font-medium md:table-cell">
                    Retirées
                  </th>
                  <th scope="col" className="hidden px-2 py-2 text-left font-medium sm:table-cell">
                    <span className="sr-only">Rejets</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {runs.data.map((run) => (
                  <tr key={run.id} className="border-b align-top last:border-0">
                    <td className="px-2 py-2 sm:whitespace-nowrap">
                      {formatRunTime(run.startedAt)}
                      {run.rowsRejected > 0 ? (
                        <span className="mt-1 block sm:hidden">
                          <RejectsLink feedId={feedId} runId={run.id} label="Rejets (CSV)" />
                        </span>
                      ) : null}
                      {run.error ? (
                        <p className="mt-1 max-w-xs text-xs whitespace-normal text-red-800 dark:text-red-200">
                          {run.error}
                        </p>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">
                      <RunStatusBadge status={run.status} />
                    </td>
                    <td className={NUMBER_CELL}>{formatCount(run.rowsRead)}</td>
                    <td className={`${NUMBER_CELL} hidden sm:table-cell`}>{formatCount(run.rowsAccepted)}</td>
                    <td className={NUMBER_CELL}>{formatCount(run.rowsRejected)}</td>
                    <td className={`${NUMBER_CELL} hidden md:table-cell`}>{formatCount(run.added)}</td>
                    <td className={`${NUMBER_CELL} hidden md:table-cell`}>{formatCount(run.updated)}</td>
                    <td className={`${NUMBER_CELL} hidden md:table-cell`}>{formatCount(run.removed)}</td>
                    <td className="hidden px-2 py-2 sm:table-cell">
                      {run.rowsRejected > 0 ? (
                        <RejectsLink feedId={feedId} runId={run.id} label="Rejets (CSV)" />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
