import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** One figure of a list summary after the count: its label, its test id and its text from the totals. */
export interface ListSummaryFigure<T> {
  label: string;
  testId: string;
  value: (totals: T) => string;
}

const FIGURES_CLASSES = 'grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:gap-x-8';
const FRAME_CLASSES = 'rounded-lg border bg-card p-3 text-sm';

/**
 * Above a list's table: how many records the filters match and their totals (every page, not only the one
 * shown), each figure a skeleton until the totals arrive, "Totaux indisponibles." when they cannot be read.
 * `details` adds what the figures do not hold under them (the weights per metal and fineness…).
 */
export function ListSummary<T extends { count: number }>({
  testId,
  summary,
  countLabel,
  figures,
  details,
}: {
  testId: string;
  summary: { data: T | undefined; isError: boolean; isFetching: boolean };
  /** The label of the count: what the list holds ("Devis", "Achats"). */
  countLabel: string;
  figures: ReadonlyArray<ListSummaryFigure<T>>;
  details?: (totals: T) => ReactNode;
}) {
  if (summary.isError)
    return (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        Totaux indisponibles.
      </p>
    );
  const data = summary.data;
  const rows = (
    <>
      <SummaryFigure label={countLabel} testId="summary-count">
        {data ? data.count.toLocaleString('fr-FR') : null}
      </SummaryFigure>
      {figures.map((figure) => (
        <SummaryFigure key={figure.testId} label={figure.label} testId={figure.testId}>
          {data ? figure.value(data) : null}
        </SummaryFigure>
      ))}
    </>
  );
  if (!details)
    return (
      <dl className={`${FIGURES_CLASSES} ${FRAME_CLASSES}`} data-testid={testId} aria-busy={summary.isFetching}>
        {rows}
      </dl>
    );
  return (
    <div className={`flex flex-col gap-2 ${FRAME_CLASSES}`} data-testid={testId} aria-busy={summary.isFetching}>
      <dl className={FIGURES_CLASSES}>{rows}</dl>
      {data ? details(data) : null}
    </div>
  );
}

function SummaryFigure({ label, testId, children }: { label: string; testId: string; children: string | null }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold tabular-nums" data-testid={testId}>
        {children ?? <Skeleton className="mt-1 h-4 w-16" />}
      </dd>
    </div>
  );
}
