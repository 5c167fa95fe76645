import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '@/lib/class-merge';
import type { FeedImportReport } from '../api/import-feed';
import { presetLabel } from '../lib/feed-fields';
import { formatCount } from '../lib/run-format';
import { RejectsLink } from './rejects-link';

/** The counters of a run, in the order a jeweller reads them: the file, then the catalogue. */
export function runCounts(run: Omit<FeedImportReport, 'runId' | 'status' | 'preset' | 'error'>) {
  return [
    { label: 'Lignes lues', value: run.rowsRead },
    { label: 'Acceptées', value: run.rowsAccepted },
    { label: 'Rejetées', value: run.rowsRejected },
    { label: 'Ajoutées', value: run.added },
    { label: 'Mises à jour', value: run.updated },
    { label: 'Inchangées', value: run.unchanged },
    { label: 'Retirées', value: run.removed },
  ];
}

/**
 * The report an import answers: its outcome in French, its counters, the rejected rows to download. A failed run
 * (answered 201 like any recorded run) is an alert, so that "Import échoué" is heard at once.
 */
export function ImportReport({ feedId, report }: { feedId: string; report: FeedImportReport }) {
  const succeeded = report.status === 'succeeded';
  const preset = presetLabel(report.preset);
  return (
    <section
      role={succeeded ? undefined : 'alert'}
      aria-labelledby="import-report-title"
      data-testid="import-report"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4',
        succeeded ? 'border-emerald-600/40 bg-emerald-500/5' : 'border-red-600/40 bg-red-500/5',
      )}
    >
      <div className="flex items-start gap-2">
        {succeeded ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
        ) : (
          <XCircle className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
        )}
        <div className="flex flex-col gap-0.5">
          <h3 id="import-report-title" className="font-semibold">
            {succeeded ? 'Import terminé' : 'Import échoué'}
          </h3>
          {report.error ? <p className="text-sm text-red-800 dark:text-red-200">{report.error}</p> : null}
          {preset ? <p className="text-sm text-muted-foreground">Colonnes reconnues : modèle {preset}</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4 lg:grid-cols-7">
        {runCounts(report).map(({ label, value }) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {report.rowsRejected > 0 ? <RejectsLink feedId={feedId} runId={report.runId} /> : null}
    </section>
  );
}
