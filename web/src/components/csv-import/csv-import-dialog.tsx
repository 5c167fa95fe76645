import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import { IMPORT_MAX_BYTES, type ImportResult } from '@shared/schemas/lists';
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

const MAX_ERROR_ROWS_SHOWN = 200;

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

/**
 * CSV import of a référentiel (clients, suppliers, stones): pick a file or paste text, preview with the server's
 * dry run (valid/invalid counts, per-row errors with line numbers), then import the valid rows in one go.
 */
export function CsvImportDialog({
  path,
  title,
  columnsHint,
  open,
  onOpenChange,
  onImported,
}: {
  /** e.g. `/api/clients` (posts to `/api/clients/import`). */
  path: string;
  title: string;
  /** The expected headers, shown as help. */
  columnsHint?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (result: ImportResult) => void;
}) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);

  const reset = () => {
    setCsv('');
    setFileName(null);
    setFileError(null);
    setPreview(null);
  };

  const dryRun = useMutation({
    mutationFn: (text: string) => apiRequest<ImportResult>('POST', `${path}/import`, { csv: text, dryRun: true }),
    onSuccess: setPreview,
  });
  const commit = useMutation({
    mutationFn: (text: string) => apiRequest<ImportResult>('POST', `${path}/import`, { csv: text, dryRun: false }),
    onSuccess: (result) => {
      toast({
        title: 'Import terminé',
        description: `${plural(result.imported, 'ligne importée', 'lignes importées')}${
          result.invalid ? `, ${plural(result.invalid, 'ligne rejetée', 'lignes rejetées')}` : ''
        }.`,
      });
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

  const errorRows = preview?.rows.filter((r) => r.status === 'error') ?? [];
  const busy = dryRun.isPending || commit.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Fichier CSV (séparateur « ; » ou « , », première ligne = en-têtes, 2 Mo maximum). Les lignes en erreur sont
            ignorées, les lignes valides sont importées en une seule fois.
          </DialogDescription>
        </DialogHeader>
        {columnsHint ? <p className="text-xs text-muted-foreground">Colonnes reconnues : {columnsHint}</p> : null}

        <div className="flex flex-col gap-2">
          <label className="flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm hover:bg-muted">
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
            <div className="flex flex-wrap gap-4 text-sm">
              <span className="inline-flex items-center gap-1">
                <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
                {plural(preview.valid, 'ligne valide', 'lignes valides')}
              </span>
              <span className="inline-flex items-center gap-1">
                <XCircle className="size-4 text-destructive" aria-hidden="true" />
                {plural(preview.invalid, 'ligne en erreur', 'lignes en erreur')}
              </span>
              <span className="text-muted-foreground">sur {plural(preview.total, 'ligne', 'lignes')}</span>
            </div>
            {preview.ignoredColumns.length ? (
              <p className="text-xs text-muted-foreground">Colonnes ignorées : {preview.ignoredColumns.join(', ')}</p>
            ) : null}
            {errorRows.length ? (
              <div className="max-h-60 overflow-auto rounded-md border">
                <table className="w-full text-xs">
                  <caption className="sr-only">Lignes en erreur</caption>
                  <thead className="sticky top-0 bg-muted">
                    <tr>
                      <th scope="col" className="px-2 py-1.5 text-left">
                        Ligne
                      </th>
                      <th scope="col" className="px-2 py-1.5 text-left">
                        Erreurs
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {errorRows.slice(0, MAX_ERROR_ROWS_SHOWN).map((row) => (
                      <tr key={row.line} className="border-t align-top">
                        <td className="px-2 py-1.5 tabular-nums">{row.line}</td>
                        <td className="px-2 py-1.5">
                          <ul>
                            {Object.entries(row.errors ?? {}).map(([field, messages]) => (
                              <li key={field}>{messages.join(' ; ')}</li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}

        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          {preview && preview.valid > 0 ? (
            <Button disabled={busy} onClick={() => commit.mutate(csv)}>
              {`Importer ${plural(preview.valid, 'ligne valide', 'lignes valides')}`}
            </Button>
          ) : (
            <Button disabled={busy || csv.trim() === ''} onClick={() => dryRun.mutate(csv)}>
              {dryRun.isPending ? 'Vérification…' : 'Vérifier le fichier'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
