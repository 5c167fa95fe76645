import { useState } from 'react';
import { Download } from 'lucide-react';
import { writeCsv, type CsvCell } from '@shared/csv';
import type { ListResponse } from '@shared/schemas/lists';
import { listStateToQueryString, type ListState } from '@/components/data-table/list-state';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiGet } from '@/lib/api-client';

const MAX_PAGES = 50;

/** Every row matching the list's search and filters, page after page (for lists without a server CSV route). */
async function fetchAll<T>(path: string, state: ListState, pageSize: number): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const qs = listStateToQueryString({ ...state, page, pageSize });
    const answer = await apiGet<ListResponse<T>>(`${path}?${qs}`);
    all.push(...answer.items);
    if (all.length >= answer.total || answer.items.length === 0) break;
  }
  return all;
}

/** "Exporter CSV" built in the browser from the list API with the same filters (`;`, BOM: opens in Excel). */
export function ClientCsvButton<T>({
  path,
  state,
  filename,
  headers,
  row,
  pageSize = 100,
}: {
  path: string;
  state: ListState;
  filename: string;
  headers: readonly string[];
  row: (item: T) => readonly CsvCell[];
  pageSize?: number;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const items = await fetchAll<T>(path, state, pageSize);
      const csv = writeCsv(headers, items.map(row));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast({
        title: 'Export impossible',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy}>
      <Download aria-hidden="true" />
      Exporter CSV
    </Button>
  );
}
