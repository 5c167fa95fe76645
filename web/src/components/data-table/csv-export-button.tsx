import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { listStateToQueryString, type ListState } from './list-state';

/** The export URL of a list: same filters, search and sort, no paging (the server ignores page/pageSize). */
export function exportHref(path: string, state: ListState): string {
  const params = new URLSearchParams(listStateToQueryString(state));
  params.delete('page');
  params.delete('pageSize');
  const qs = params.toString();
  return `${path}/export.csv${qs ? `?${qs}` : ''}`;
}

/** Downloads `path/export.csv` with the current filters (a plain link: the browser streams the file). */
export function CsvExportButton({ path, state, filename }: { path: string; state: ListState; filename: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={exportHref(path, state)} download={filename}>
        <Download aria-hidden="true" />
        Exporter CSV
      </a>
    </Button>
  );
}
