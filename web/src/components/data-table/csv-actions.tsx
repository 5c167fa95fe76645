import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CsvExportButton } from './csv-export-button';
import type { ListState } from './list-state';

/** List toolbar: CSV export of the current filters, and "Importer CSV" for roles that may write. */
export function CsvActions({
  path,
  state,
  filename,
  onImport,
}: {
  path: string;
  state: ListState;
  filename: string;
  /** Opens the import dialog; absent when the user may not write. */
  onImport?: (() => void) | undefined;
}) {
  return (
    <>
      <CsvExportButton path={path} state={state} filename={filename} />
      {onImport ? (
        <Button variant="outline" size="sm" onClick={onImport}>
          <Upload aria-hidden="true" />
          Importer CSV
        </Button>
      ) : null}
    </>
  );
}
