import { Suspense, useId, useState, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { Activity, ChartLine } from 'lucide-react';
import { formatNumber } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { useCanOpen } from '@/features/access/use-can-open';
import { lazyScreen } from '@/lib/lazy-screen';
import { cn } from '@/lib/class-merge';
import { ACTIVITY_FIGURES, shownFigure, type ActivityFigure } from './activity-figures';
import { useDashboardActivity } from './api/get-dashboard-activity';

/** The chart and uPlot load when asked for (a pointer over the button starts the download). */
const PriceChart = lazyScreen(() => import('./price-chart'));

/** Height of a figure and of its placeholder: the block does not move the cards below when the figures arrive. */
const FIGURE_CLASS = 'min-h-[7.5rem]';
/** Height of the placeholder shown while the chart's code loads: about the chart's own. */
const CHART_PLACEHOLDER_CLASS = 'h-[22rem]';

/**
 * "Activité": the figures the role may see (quotes awaiting an answer with their total, gold buys inside their
 * withdrawal period or ready to melt, low-stock stones), each a link to the list it counts, then a price history
 * chart shown on request. Placeholders while the figures load; a quiet line if they cannot be read.
 */
export function ActivityBlock({ className }: { className?: string }) {
  const id = useId();
  const activity = useDashboardActivity();
  const { ready, canOpen } = useCanOpen();
  const [chartOpen, setChartOpen] = useState(false);
  const expected = ready ? ACTIVITY_FIGURES.filter((f) => canOpen(f.path)) : ACTIVITY_FIGURES;
  const figures = activity.data
    ? ACTIVITY_FIGURES.flatMap((f) => {
        const shown = shownFigure(f, activity.data);
        return shown ? [{ figure: f, ...shown }] : [];
      })
    : [];

  return (
    <Card className={cn(className)} data-testid="activity-block">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 p-4 pb-4 sm:p-6 sm:pb-4">
        <div className="space-y-1.5">
          <h2 className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight">
            <Activity aria-hidden="true" className="size-5 text-gold-foreground" />
            Activité
          </h2>
          <CardDescription>Ce qui attend une action dans la bijouterie</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={chartOpen}
          aria-controls={`${id}-chart`}
          onPointerEnter={() => void PriceChart.preload()}
          onFocus={() => void PriceChart.preload()}
          onClick={() => setChartOpen((open) => !open)}
          data-testid="price-chart-toggle"
        >
          <ChartLine aria-hidden="true" />
          {chartOpen ? 'Masquer le graphique' : 'Afficher le graphique'}
        </Button>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {activity.isPending ? (
          expected.length > 0 ? (
            <FigureGrid aria-busy="true">
              {expected.map((f) => (
                <li key={f.key}>
                  <Skeleton className={cn(FIGURE_CLASS, 'w-full rounded-lg')} />
                </li>
              ))}
            </FigureGrid>
          ) : null
        ) : activity.isError ? (
          <p className="text-sm text-muted-foreground" data-testid="activity-error">
            Activité indisponible pour le moment.{' '}
            <button
              type="button"
              className="underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => void activity.refetch()}
            >
              Réessayer
            </button>
          </p>
        ) : figures.length > 0 ? (
          <FigureGrid>
            {figures.map(({ figure, ...shown }) => (
              <FigureLink key={figure.key} figure={figure} {...shown} />
            ))}
          </FigureGrid>
        ) : null}
        <div id={`${id}-chart`} hidden={!chartOpen}>
          {chartOpen ? (
            <ErrorBoundary
              name="dashboard price chart"
              fallback={() => (
                <p className="text-sm text-muted-foreground" role="alert">
                  Le graphique n&apos;a pas pu être chargé. Actualisez la page pour réessayer.
                </p>
              )}
            >
              <Suspense fallback={<Skeleton className={cn(CHART_PLACEHOLDER_CLASS, 'w-full rounded-lg')} />}>
                <PriceChart />
              </Suspense>
            </ErrorBoundary>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function FigureGrid(props: HTMLAttributes<HTMLUListElement>) {
  return <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" {...props} />;
}

function FigureLink({
  figure,
  count,
  to,
  detail,
}: {
  figure: ActivityFigure;
  count: number;
  to: string;
  detail: string | null;
}) {
  return (
    <li className="flex">
      <Link
        to={to}
        data-testid={`activity-${figure.key}`}
        className={cn(
          FIGURE_CLASS,
          'flex w-full flex-col gap-1 rounded-lg border bg-background p-3 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        )}
      >
        <span className="text-2xl leading-none font-bold tabular-nums" data-testid="activity-count">
          {formatNumber(count, 0)}
        </span>
        <span className="text-sm leading-snug text-muted-foreground">{figure.label}</span>
        {detail ? <span className="mt-auto text-sm font-medium tabular-nums">{detail}</span> : null}
      </Link>
    </li>
  );
}
