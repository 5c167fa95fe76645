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
 * The frame of every list screen (référentiels, products, users, journal, organizations): title,
 * the create action for users who may write, the list with its CSV toolbar and the CSV import dialog.
 * Rows are links to `rowHref(row)` (default `${basePath}/:id`); the default create action is a link to
 * `${basePath}/new` labelled `createLabel`, or `actions` replaces it (a dialog button…). The page keeps
 * its own list state (`useListState`, in the URL) and query, and states its columns, filters and texts.
 */
export function ListPage<T extends { id: string | number }>({
  testId,
  title,
  description,
  basePath,
  createLabel,
  canWrite,
  actions,
  notice,
  columns,
  list,
  state,
  onStateChange,
  rowHref,
  searchPlaceholder,
  emptyTitle,
  emptyDescription,
  filters,
  csv,
  children,
}: {
  testId: string;
  title: string;
  description: ReactNode;
  basePath: string;
  /** Label of the default create link (`${basePath}/new`); none without it. */
  createLabel?: string;
  canWrite: boolean;
  /** Replaces the default create link (shown only to users who may write). */
  actions?: ReactNode;
  /** Shown between the header and the list. */
  notice?: ReactNode;
  columns: Column<T>[];
  list: { data: ListResponse<T> | undefined; isLoading: boolean; isError: boolean; refetch: () => Promise<unknown> };
  state: ListState;
  onStateChange: (s: ListState) => void;
  /** Where a row leads (default `${basePath}/${row.id}`). */
  rowHref?: (row: T) => string;
  searchPlaceholder: string;
  emptyTitle: string;
  emptyDescription?: string;
  filters: ReactNode;
  csv: ListPageCsv;
  /** Dialogs of the page (a record opened from the URL…). */
  children?: ReactNode;
}) {
  const [importOpen, setImportOpen] = useState(false);
  const canImport = canWrite && csv.importDialog !== undefined;
  const createAction =
    actions ??
    (createLabel ? (
      <Button asChild>
        <Link to={`${basePath}/new`}>
          <Plus aria-hidden="true" />
          {createLabel}
        </Link>
      </Button>
    ) : null);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid={testId}>
      <PageHeader title={title} description={description} actions={canWrite ? createAction : null} />
      {notice}
      <DataTable<T>
        columns={columns}
        data={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={onStateChange}
        rowHref={rowHref ?? ((row) => `${basePath}/${row.id}`)}
        getRowId={(row) => String(row.id)}
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
      {children}
    </div>
  );
}
