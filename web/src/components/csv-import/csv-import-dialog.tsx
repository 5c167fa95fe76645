import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, Users, XCircle } from 'lucide-react';
import { IMPORT_MAX_BYTES, type ImportExistingAction, type ImportResult, type ImportRow } from '@shared/schemas/lists';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest } from '@/lib/api-client';
import { nativeControlClass } from '@/components/form/form-field';
import { readCsvFile } from './read-csv-file';

const MAX_ROWS_SHOWN = 200;

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors ? Object.values(error.fieldErrors).flat() : [];
    return fields[0] ?? error.serverMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Rows that need a look first (errors, then records already there), then new ones; each in file order. */
function previewOrder(rows: readonly ImportRow[]): ImportRow[] {
  const rank = (r: ImportRow) => (r.status === 'error' ? 0 : r.match ? 1 : 2);
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}

/** The commit button: what the import will write. */
export function importButtonLabel(preview: ImportResult): string {
  if (preview.matched === 0) return `Importer ${plural(preview.valid, 'ligne valide', 'lignes valides')}`;
  const parts: string[] = [];
  if (preview.created > 0) parts.push(plural(preview.created, 'nouvelle fiche', 'nouvelles fiches'));
  if (preview.updated > 0) parts.push(plural(preview.updated, 'mise à jour', 'mises à jour'));
  return parts.length > 0 ? `Importer : ${parts.join(' et ')}` : 'Rien à importer';
}

/** The toast after a commit. */
export function importSummary(result: ImportResult): string {
  const parts = [plural(result.imported, 'ligne importée', 'lignes importées')];
  if (result.updated > 0) {
    parts[0] += ` (${plural(result.created, 'nouvelle fiche', 'nouvelles fiches')}, ${plural(
      result.updated,
      'mise à jour',
      'mises à jour',
    )})`;
  }
  const left = result.skipped + result.unchanged;
  if (left > 0)
    parts.push(plural(left, 'fiche existante laissée telle quelle', 'fiches existantes laissées telles quelles'));
  if (result.invalid > 0) parts.push(plural(result.invalid, 'ligne rejetée', 'lignes rejetées'));
  return `${parts.join(', ')}.`;
}

/** What happens to a row, in words. */
function RowOutcome({ row, recordPath }: { row: ImportRow; recordPath: string }) {
  if (row.status === 'error') {
    return (
      <ul className="text-destructive">
        {Object.entries(row.errors ?? {}).map(([field, messages]) => (
          <li key={field}>{messages.join(' ; ')}</li>
        ))}
      </ul>
    );
  }
  if (!row.match) {
    return (
      <Badge variant="secondary" className="font-medium">
        Nouveau
      </Badge>
    );
  }
  const changes = row.changes ?? [];
  return (
    <div className="flex flex-col gap-0.5">
      <span>
        <Badge variant="outline" className="border-amber-500/60 font-medium">
          Existe déjà
        </Badge>{' '}
        ({row.match.reason}) :{' '}
        <Link to={`${recordPath}/${row.match.id}`} className="font-medium break-words underline underline-offset-2">
          {row.match.label}
        </Link>
        {row.match.archived ? ' (archivée)' : ''}
      </span>
      <span className="text-muted-foreground">
        {row.action === 'update'
          ? `Mise à jour : ${changes.join(', ')}`
          : row.action === 'unchanged'
            ? 'Identique au fichier : rien à changer'
            : changes.length > 0
              ? `Laissée telle quelle (le fichier diffère : ${changes.join(', ')})`
              : 'Laissée telle quelle (identique au fichier)'}
      </span>
    </div>
  );
}

/**
 * CSV import of a référentiel (clients, suppliers, stones): pick a file or paste text, preview with the server's
 * dry run (each row new, already there and why, or in error with its line number), choose what to do with the
 * records already there (leave them or update them with the file's values), then import in one go.
 */
export function CsvImportDialog({
  path,
  title,
  columnsHint,
  open,
  onOpenChange,
  onImported,
}: {
  /** e.g. `/api/clients` (posts to `/api/clients/import`; an existing record opens at `/clients/:id`). */
  path: string;
  title: string;
  /** The expected headers, shown as help. */
  columnsHint?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (result: ImportResult) => void;
}) {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [onExisting, setOnExisting] = useState<ImportExistingAction>('skip');
  const recordPath = path.replace(/^\/api/, '');

  const reset = () => {
    setCsv('');
    setFileName(null);
    setFileError(null);
    setPreview(null);
    setOnExisting('skip');
  };

  const send = (text: string, dryRun: boolean, choice: ImportExistingAction) =>
    apiRequest<ImportResult>('POST', `${path}/import`, { csv: text, dryRun, onExisting: choice });

  const dryRun = useMutation({
    mutationFn: ({ text, choice }: { text: string; choice: ImportExistingAction }) => send(text, true, choice),
    onSuccess: setPreview,
  });
  const commit = useMutation({
    mutationFn: ({ text, choice }: { text: string; choice: ImportExistingAction }) => send(text, false, choice),
    onSuccess: (result) => {
      toast({ title: 'Import terminé', description: importSummary(result) });
      void queryClient.invalidateQueries({ queryKey: [path] });
      onImported(result);
      reset();
      onOpenChange(false);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Échec de l’import', description: errorMessage(error) }),
  });

  const onFile = async (file: File | undefined) => {
    setPreview(null);
    dryRun.reset();
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('Fichier trop volumineux (2 Mo maximum)');
      return;
    }
    setFileError(null);
    setFileName(file.name);
    try {
      setCsv(await readCsvFile(file));
    } catch (error) {
      // An unreadable encoding (read-csv-file.ts): shown under the file picker, nothing left to verify.
      setFileName(null);
      setCsv('');
      setFileError(errorMessage(error));
    }
  };

  const chooseExisting = (choice: ImportExistingAction) => {
    setOnExisting(choice);
    // The server says again what the import would do with this choice (counts, changes, errors).
    dryRun.mutate({ text: csv, choice });
  };

  const busy = dryRun.isPending || commit.isPending;
  const shown = preview ? previewOrder(preview.rows).slice(0, MAX_ROWS_SHOWN) : [];
  const writes = preview ? preview.created + preview.updated : 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Fichier CSV (séparateur « ; » ou « , », première ligne = en-têtes, 2 Mo maximum). Les lignes en erreur sont
            ignorées, les autres importées en une seule fois ; une fiche déjà enregistrée est laissée telle quelle ou
            mise à jour, à votre choix.
          </DialogDescription>
        </DialogHeader>
        {columnsHint ? <p className="text-xs text-muted-foreground">Colonnes reconnues : {columnsHint}</p> : null}

        <div className="flex flex-col gap-2">
          <label className="flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm hover:bg-muted focus-within:ring-2 focus-within:ring-ring">
            <FileUp className="size-4" aria-hidden="true" />
            <span>{fileName ?? 'Choisir un fichier CSV'}</span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              aria-label="Fichier CSV"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </label>
          {fileError ? (
            <p role="alert" className="text-xs font-medium text-destructive">
              {fileError}
            </p>
          ) : null}
          <label htmlFor="csv-import-text" className="text-sm font-medium">
            … ou collez le contenu
          </label>
          <textarea
            id="csv-import-text"
            className={`${nativeControlClass} min-h-28 font-mono text-xs`}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setFileName(null);
              setPreview(null);
            }}
            spellCheck={false}
          />
        </div>

        {dryRun.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(dryRun.error)}
          </p>
        ) : null}

        {preview ? (
          <div className="flex flex-col gap-3" data-testid="import-preview">
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm" role="status">
              <span className="inline-flex items-center gap-1">
                <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
                {plural(preview.valid, 'ligne valide', 'lignes valides')}
              </span>
              {preview.matched > 0 ? (
                <span className="inline-flex items-center gap-1">
                  <Users className="size-4 text-amber-600" aria-hidden="true" />
                  {plural(preview.matched, 'fiche existe déjà', 'fiches existent déjà')}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1">
                <XCircle className="size-4 text-destructive" aria-hidden="true" />
                {plural(preview.invalid, 'ligne en erreur', 'lignes en erreur')}
              </span>
              <span className="text-muted-foreground">sur {plural(preview.total, 'ligne', 'lignes')}</span>
            </div>
            {preview.ignoredColumns.length ? (
              <p className="text-xs text-muted-foreground">Colonnes ignorées : {preview.ignoredColumns.join(', ')}</p>
            ) : null}

            {preview.matched > 0 ? (
              <fieldset className="flex flex-col gap-2 rounded-md border p-3 text-sm" disabled={busy}>
                <legend className="px-1 font-medium">Fiches déjà enregistrées</legend>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="import-existing"
                    className="mt-0.5 size-4 accent-primary"
                    checked={onExisting === 'skip'}
                    onChange={() => chooseExisting('skip')}
                  />
                  <span>Les laisser telles quelles (ces lignes ne sont pas importées)</span>
                </label>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="import-existing"
                    className="mt-0.5 size-4 accent-primary"
                    checked={onExisting === 'update'}
                    onChange={() => chooseExisting('update')}
                  />
                  <span>Les mettre à jour avec les valeurs du fichier (une cellule vide ne change rien)</span>
                </label>
              </fieldset>
            ) : null}

            <div className="max-h-72 overflow-auto rounded-md border">
              <table className="w-full text-xs">
                <caption className="sr-only">Aperçu ligne par ligne</caption>
                <thead className="sticky top-0 bg-muted">
                  <tr>
                    <th scope="col" className="w-14 px-2 py-1.5 text-left">
                      Ligne
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-left">
                      Fiche et résultat
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <tr key={row.line} className="border-t align-top" data-testid="import-row">
                      <td className="px-2 py-1.5 tabular-nums">{row.line}</td>
                      <td className="px-2 py-1.5">
                        <div className="flex flex-col gap-1">
                          {row.label ? <span className="font-medium break-words">{row.label}</span> : null}
                          <RowOutcome row={row} recordPath={recordPath} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.rows.length > shown.length ? (
              <p className="text-xs text-muted-foreground">
                {`${plural(shown.length, 'ligne affichée', 'lignes affichées')} sur ${preview.rows.length.toLocaleString(
                  'fr-FR',
                )} (les erreurs et les fiches existantes d’abord).`}
              </p>
            ) : null}
          </div>
        ) : null}

        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          {preview && preview.valid > 0 ? (
            <Button
              // A long label ("Importer : 12 nouvelles fiches et 3 mises à jour") wraps on a phone.
              className="h-auto min-h-9 whitespace-normal"
              disabled={busy || writes === 0}
              onClick={() => commit.mutate({ text: csv, choice: onExisting })}
            >
              {commit.isPending ? 'Import…' : importButtonLabel(preview)}
            </Button>
          ) : (
            <Button
              disabled={busy || csv.trim() === ''}
              onClick={() => dryRun.mutate({ text: csv, choice: onExisting })}
            >
              {dryRun.isPending ? 'Vérification…' : 'Vérifier le fichier'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
