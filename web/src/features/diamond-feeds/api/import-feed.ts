import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { ApiError, apiErrorOf, apiRequest, mutationTarget } from '@/lib/api-client';
import { UPLOAD_LIMIT_TEXT } from '../lib/run-format';
import { FEEDS_PATH, feedPath } from './feeds-path';

/** What an import answers (POST …/import, POST …/fetch): the run it recorded, finished. */
export type FeedImportReport = Pick<
  DiamondImportRunView,
  'preset' | 'rowsRead' | 'rowsAccepted' | 'rowsRejected' | 'added' | 'updated' | 'unchanged' | 'removed' | 'error'
> & { runId: string; status: 'succeeded' | 'failed' };

/** Where an import stands: the file going up (bytes), then the server reading it, then its report or error. */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'processing' }
  | { phase: 'done'; report: FeedImportReport }
  | { phase: 'error'; message: string };

/**
 * The content type the server reads the file as, from its name (the browser's guess varies by system); any other
 * name is sent as bytes, read by the feed's format.
 */
export function uploadContentType(file: File): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return 'text/tab-separated-values';
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

interface XhrAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** One POST of the file with XMLHttpRequest, whose upload events give the bytes sent (fetch has none). */
function sendFile(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  onUploaded: () => void,
  signal: AbortSignal,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', uploadContentType(file));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => onUploaded();
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('Connexion au serveur interrompue pendant l’envoi du fichier.'));
    xhr.onabort = () => reject(new DOMException('Envoi annulé', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function csrfRefused(answer: XhrAnswer): boolean {
  return answer.status === 403 && new ApiError(answer.status, answer.statusText, answer.text).code === 'CSRF_INVALID';
}

/** The French message of a refused or failed import. */
export function importErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return `Fichier trop volumineux (${UPLOAD_LIMIT_TEXT} au maximum).`;
    return error.serverMessage;
  }
  return error instanceof Error ? error.message : 'Import impossible.';
}

/**
 * POST /api/diamonds/feeds/:id/import with the file itself as the body, sent with the CSRF header of the API client
 * (retried once with a fresh token after CSRF_INVALID, as `apiRequest` does). The state follows the bytes sent,
 * then "processing" while the server reads the file, then the report.
 */
export function useFeedUpload(feedId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (file: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'uploading', loaded: 0, total: file.size });
      const path = `${feedPath(feedId)}/import`;
      const attempt = async (freshToken: boolean) => {
        const { url, headers } = await mutationTarget(path, { freshToken });
        return sendFile(
          url,
          headers,
          file,
          // Every byte sent: the server is reading the file (some browsers fire no upload `load`).
          (loaded, total) =>
            setState(loaded >= total && total > 0 ? { phase: 'processing' } : { phase: 'uploading', loaded, total }),
          () => setState({ phase: 'processing' }),
          controller.signal,
        );
      };
      try {
        let answer = await attempt(false);
        if (csrfRefused(answer)) answer = await attempt(true);
        if (answer.status < 200 || answer.status >= 300)
          throw apiErrorOf(answer.status, answer.statusText, answer.text);
        const report = JSON.parse(answer.text) as FeedImportReport;
        setState({ phase: 'done', report });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setState({ phase: 'error', message: importErrorMessage(error) });
      } finally {
        if (abort.current === controller) abort.current = null;
        void queryClient.invalidateQueries({ queryKey: [FEEDS_PATH] });
      }
    },
    [feedId, queryClient],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, upload, reset };
}

/** True when the server has no "import now" route for URL feeds (an older server): the button says so. */
function fetchRouteMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 405 || error.status === 501) return true;
  return error.status === 404 && error.serverMessage !== 'Flux introuvable';
}

/**
 * POST /api/diamonds/feeds/:id/fetch: the server fetches the feed's address now and imports it. Same states as an
 * upload, without the bytes (the server does the download).
 */
export function useFeedFetchNow(feedId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });

  const fetchNow = useCallback(async () => {
    setState({ phase: 'processing' });
    try {
      const report = await apiRequest<FeedImportReport>('POST', `${feedPath(feedId)}/fetch`);
      setState({ phase: 'done', report });
    } catch (error) {
      setState({
        phase: 'error',
        message: fetchRouteMissing(error)
          ? 'L’import depuis l’adresse web n’est pas encore disponible sur ce serveur : importez le fichier à la main.'
          : importErrorMessage(error),
      });
    } finally {
      void queryClient.invalidateQueries({ queryKey: [FEEDS_PATH] });
    }
  }, [feedId, queryClient]);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, fetchNow, reset };
}
