import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Globe } from 'lucide-react';
import { FEED_UPLOAD_MAX_BYTES, type DiamondFeedView, type DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { feedKeys } from '../api/feeds-path';
import { useFeedFetchNow, useFeedUpload, type ImportState } from '../api/import-feed';
import { useLiveRun } from '../api/list-runs';
import { liveCountsText, spokenDelay, type LiveRunWatch } from '../lib/live-run';
import { announcedPercent, formatBytes, formatSchedule, UPLOAD_LIMIT_TEXT } from '../lib/run-format';
import { ImportReport } from './import-report';

/**
 * `text` as screen readers hear it: the first one at once, then at most one change every LIVE_COUNTS_SPOKEN_MS
 * (the latest text once the time has passed), so that counters read every second are not all said.
 */
function useSpokenText(text: string | null): string | null {
  const [spoken, setSpoken] = useState<string | null>(null);
  const lastSpokenAt = useRef<number | null>(null);
  useEffect(() => {
    if (text === null || text === spoken) return;
    const timer = setTimeout(
      () => {
        lastSpokenAt.current = Date.now();
        setSpoken(text);
      },
      spokenDelay(lastSpokenAt.current, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [text, spoken]);
  return spoken;
}

/**
 * The counters of the import's run as the server updates them. The visible line follows every poll and is hidden
 * from screen readers, which hear a copy that changes every 5 seconds at most (the report says the final counts).
 */
function LiveCounts({ run }: { run: DiamondImportRunView | null }) {
  const counts = run && run.rowsRead > 0 ? run : null;
  const spoken = useSpokenText(counts ? liveCountsText(counts, ', ') : null);
  return (
    <>
      {counts ? (
        <p className="text-sm text-muted-foreground tabular-nums" aria-hidden="true" data-testid="import-live-counts">
          {liveCountsText(counts)}
        </p>
      ) : null}
      <span className="sr-only" data-testid="import-live-counts-spoken">
        {spoken ?? ''}
      </span>
    </>
  );
}

/**
 * The bytes sent, then an indeterminate bar while the server reads the file and merges the stones, with the run's
 * live counters under it. It is shown inside the panel's status region: the visible text follows every byte but
 * is hidden from screen readers, which hear a copy that changes by steps of 10 % only.
 */
function ImportProgress({ state, run }: { state: ImportState; run: DiamondImportRunView | null }) {
  if (state.phase === 'uploading') {
    const percent = state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;
    const spoken = announcedPercent(percent);
    return (
      <div className="flex flex-col gap-1.5" data-testid="import-progress">
        <div
          role="progressbar"
          aria-label="Envoi du fichier"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true">
            {`Envoi du fichier… ${percent} % (${formatBytes(state.loaded)} sur ${formatBytes(state.total)})`}
          </span>
          <span className="sr-only" data-testid="import-progress-spoken">{`Envoi du fichier… ${spoken} %`}</span>
        </p>
        <LiveCounts run={run} />
      </div>
    );
  }
  if (state.phase === 'processing') {
    return (
      <div className="flex flex-col gap-1.5" data-testid="import-progress">
        <div
          role="progressbar"
          aria-label="Import en cours"
          aria-valuetext="Import en cours"
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full w-full animate-pulse bg-primary/60" />
        </div>
        <p className="text-sm text-muted-foreground">
          Import en cours… les lignes sont lues et le catalogue mis à jour.
        </p>
        <LiveCounts run={run} />
      </div>
    );
  }
  return null;
}

/** What the last import shows: its progress, then its report or the reason it was refused. */
function ImportOutcome({
  feedId,
  state,
  run,
}: {
  feedId: string;
  state: ImportState;
  run: DiamondImportRunView | null;
}) {
  if (state.phase === 'done') return <ImportReport feedId={feedId} report={state.report} />;
  if (state.phase === 'error') {
    return (
      <p role="alert" className="rounded-lg border border-red-600/40 bg-red-500/5 p-3 text-sm">
        {state.message}
      </p>
    );
  }
  return <ImportProgress state={state} run={run} />;
}

const busy = (state: ImportState) => state.phase === 'uploading' || state.phase === 'processing';

/**
 * Imports a feed: a file chosen here, sent as it is (the progress bar follows the bytes, then the server's
 * reading), and for an address feed "Importer maintenant"; then the report. Read-only roles see the explanation.
 */
export function FeedImportPanel({ feed, canWrite }: { feed: DiamondFeedView; canWrite: boolean }) {
  const upload = useFeedUpload(feed.id);
  const fetchNow = useFeedFetchNow(feed.id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [last, setLast] = useState<'upload' | 'fetch'>('upload');
  const [watch, setWatch] = useState<LiveRunWatch | null>(null);
  const queryClient = useQueryClient();
  const state = last === 'upload' ? upload.state : fetchNow.state;
  const working = busy(upload.state) || busy(fetchNow.state);
  // Polled from the start of the import until its report or its error (and no longer once the panel is gone).
  const run = useLiveRun(feed.id, busy(state) ? watch : null);

  /** The import starts now: the runs the screen knows already are never its own. */
  const watchFromNow = () => {
    const known = queryClient.getQueryData<DiamondImportRunView[]>(feedKeys.runs(feed.id)) ?? [];
    const ids = known.map((r) => r.id);
    if (feed.lastRun) ids.push(feed.lastRun.id);
    setWatch({ since: Date.now(), knownRunIds: ids });
  };
  const json = feed.format === 'json';
  const accept = json ? '.json,application/json' : '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

  const chooseFile = (chosen: File | undefined) => {
    upload.reset();
    setFileError(null);
    setFile(chosen ?? null);
    if (chosen && chosen.size > FEED_UPLOAD_MAX_BYTES)
      setFileError(`Fichier trop volumineux (${UPLOAD_LIMIT_TEXT} au maximum).`);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Importer le stock</CardTitle>
        <CardDescription>
          {feed.kind === 'url'
            ? `Relevé ${formatSchedule(feed.scheduleMinutes)} depuis son adresse web ; vous pouvez aussi l’importer maintenant ou envoyer un fichier.`
            : json
              ? 'Envoyez le fichier JSON du fournisseur.'
              : `Envoyez le fichier du fournisseur (CSV ou TSV, ${UPLOAD_LIMIT_TEXT} au maximum) : les colonnes sont reconnues automatiquement.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col">
        {canWrite ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <label className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-ring hover:bg-muted">
              <FileUp className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">
                {file
                  ? `${file.name} (${formatBytes(file.size)})`
                  : json
                    ? 'Choisir un fichier JSON'
                    : 'Choisir un fichier CSV ou TSV'}
              </span>
              <input
                type="file"
                accept={accept}
                className="sr-only"
                aria-label="Fichier du fournisseur"
                disabled={working}
                onChange={(e) => chooseFile(e.target.files?.[0])}
              />
            </label>
            <Button
              disabled={!file || fileError !== null || working}
              onClick={() => {
                if (!file) return;
                setLast('upload');
                watchFromNow();
                void upload.upload(file);
              }}
            >
              Importer le fichier
            </Button>
            {feed.kind === 'url' ? (
              <Button
                variant="outline"
                disabled={working}
                onClick={() => {
                  setLast('fetch');
                  watchFromNow();
                  void fetchNow.fetchNow();
                }}
              >
                <Globe aria-hidden="true" />
                Importer maintenant
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Consultation seule : l’import d’un flux est réservé aux administrateurs.
          </p>
        )}
        {fileError ? (
          <p role="alert" className="mt-4 text-xs font-medium text-destructive">
            {fileError}
          </p>
        ) : null}
        {/*
          Always rendered, even empty: a live region only speaks of changes made after it is in the page, so the
          progress, the report and the errors are put into this one. Not atomic: each change is said on its own.
        */}
        <div
          role="status"
          aria-live="polite"
          aria-atomic="false"
          data-testid="import-outcome"
          className="not-empty:mt-4"
        >
          <ImportOutcome feedId={feed.id} state={state} run={run} />
        </div>
      </CardContent>
    </Card>
  );
}
