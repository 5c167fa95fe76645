import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { ListResponse } from '@shared/schemas/lists';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { CsvActions } from './csv-actions';
import { DataTable, type Column } from './data-table';
import type { ListState } from './list-state';

/** The CSV file of a list: always exported; imported ("Importer CSV") when `importDialog` is given and the user may write. */
export interface ListPageCsv {
  path: string;
  filename: string;
  /** Title of the import dialog and the expected columns it lists. */
  importDialog?: { title: string; columnsHint: string };
}

/**
 * The frame of a référentiel list screen: title, "Nouveau…" button for users who may write, the list
 * with its CSV toolbar and the CSV import dialog. Rows open `${basePath}/:id`, the button `${basePath}/new`.
 * The page keeps its own list state (`useListState`) and query, and states its columns, filters and texts.
 */
export function ListPage<T extends { id: string }>({
  testId,
  title,
  description,
  basePath,
  createLabel,
  canWrite,
  notice,
  columns,
  list,
  state,
  onStateChange,
  searchPlaceholder,
  emptyTitle,
  emptyDescription,
  filters,
  csv,
}: {
  testId: string;
  title: string;
  description: string;
  basePath: string;
  createLabel: string;
  canWrite: boolean;
  /** Shown between the header and the list. */
  notice?: ReactNode;
  columns: Column<T>[];
  list: { data: ListResponse<T> | undefined; isLoading: boolean; isError: boolean; refetch: () => Promise<unknown> };
  state: ListState;
  onStateChange: (s: ListState) => void;
  searchPlaceholder: string;
  emptyTitle: string;
  emptyDescription: string;
  filters: ReactNode;
  csv: ListPageCsv;
}) {
  const [importOpen, setImportOpen] = useState(false);
  const canImport = canWrite && csv.importDialog !== undefined;

  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <PageHeader
        title={title}
        description={description}
        actions={
          canWrite ? (
            <Button asChild>
              <Link to={`${basePath}/new`}>
                <Plus aria-hidden="true" />
                {createLabel}
              </Link>
            </Button>
          ) : null
        }
      />
      {notice}
      <DataTable<T>
        columns={columns}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={onStateChange}
        rowHref={(row) => `${basePath}/${row.id}`}
        getRowId={(row) => row.id}
        searchPlaceholder={searchPlaceholder}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        toolbar={
          <CsvActions
            path={csv.path}
            state={state}
            filename={csv.filename}
            onImport={canImport ? () => setImportOpen(true) : undefined}
          />
        }
        filters={filters}
      />
      {csv.importDialog ? (
        <CsvImportDialog
          path={csv.path}
          title={csv.importDialog.title}
          columnsHint={csv.importDialog.columnsHint}
          open={importOpen}
          onOpenChange={setImportOpen}
          onImported={() => undefined}
        />
      ) : null}
    </div>
  );
}
