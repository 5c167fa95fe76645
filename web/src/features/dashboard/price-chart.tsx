import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { METALS, type Metal } from '@shared/constants';
import type { MarketHistory, MarketHistoryDays } from '@shared/schemas/dashboard';
import { formatNumber } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTheme } from '@/features/theme/use-theme';
import { cn } from '@/lib/class-merge';
import { useMarketHistory } from './api/get-market-history';

const METAL_LABELS: Readonly<Record<Metal, string>> = { gold: 'Or 24k', silver: 'Argent', platinum: 'Platine' };
const METAL_OPTIONS = METALS.map((value) => ({ value, label: METAL_LABELS[value] }));

const PERIOD_OPTIONS: ReadonlyArray<{ value: MarketHistoryDays; label: string }> = [
  { value: 7, label: '7 j' },
  { value: 30, label: '30 j' },
  { value: 365, label: '365 j' },
];

/** Height of the plot itself (canvas), in CSS pixels; the axes are drawn inside it. */
const PLOT_HEIGHT = 240;
const DAY_SECONDS = 86_400;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` as the local midnight of that day, in seconds (uPlot's time scale works in local time). */
function dayToSeconds(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d).getTime() / 1000;
}

/** dd/MM of a time in seconds (axis). */
function dayMonth(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
}

/** dd/MM/yyyy of a `YYYY-MM-DD` day. */
function frenchDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The CSS variable (web/src/index.css) each metal's line is drawn with. */
const METAL_COLOR_VARIABLES: Readonly<Record<Metal, string>> = {
  gold: '--gold-foreground',
  silver: '--muted-foreground',
  platinum: '--foreground',
};

/** The colours of the current theme, read from its CSS variables. */
function themeColors(symbol: Metal): { line: string; axis: string; grid: string } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return { line: read(METAL_COLOR_VARIABLES[symbol]), axis: read('--muted-foreground'), grid: read('--border') };
}

/** A CSS colour with an opacity (`oklch(… / 0.2)`), or the colour as is when it cannot be written so. */
function withAlpha(color: string, alpha: number): string {
  return /^(oklch|oklab|lch|lab|rgb|hsl)\([^/]*\)$/.test(color) ? color.replace(/\)$/, ` / ${alpha})`) : color;
}

interface Series {
  history: MarketHistory;
  data: uPlot.AlignedData;
}

function chartOptions(width: number, history: MarketHistory): uPlot.Options {
  const colors = themeColors(history.symbol);
  const line = colors.line;
  const font = `12px ${getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif'}`;
  const axis = { stroke: colors.axis, font, labelFont: font, grid: { stroke: colors.grid, width: 1 } };
  return {
    width,
    height: PLOT_HEIGHT,
    padding: [12, 12, 0, 0],
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8, fill: line } },
    scales: {
      x: {
        time: true,
        // One point alone still gets a day each side, so it shows in the middle.
        range: (_u, min, max) => (min === max ? [min - DAY_SECONDS, max + DAY_SECONDS] : [min, max]),
      },
    },
    series: [
      {},
      {
        label: METAL_LABELS[history.symbol],
        stroke: line,
        width: 2,
        fill: (u) => {
          const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
          gradient.addColorStop(0, withAlpha(line, 0.25));
          gradient.addColorStop(1, withAlpha(line, 0));
          return gradient;
        },
        // Dots only while they stay apart (a week, a month on a wide screen); a line alone beyond.
        points: { show: history.points.length * 12 <= width, size: 6, fill: line },
      },
    ],
    axes: [
      {
        ...axis,
        ticks: { stroke: colors.grid, width: 1 },
        values: (_u, splits) => splits.map(dayMonth),
      },
      {
        ...axis,
        label: '€/g',
        size: 56,
        labelSize: 20,
        ticks: { stroke: colors.grid, width: 1 },
        // As many decimals as the step between two lines needs (gold in whole euros, silver in cents).
        values: (_u, splits, _axis, _space, increment) =>
          splits.map((v) => formatNumber(v, Math.min(2, Math.max(0, Math.ceil(-Math.log10(increment)))))),
      },
    ],
  };
}

/** The words a screen reader (and anyone) reads for the chart: the latest price, the range and the change. */
function summaryOf(history: MarketHistory): string {
  const metal = METAL_LABELS[history.symbol];
  const points = history.points;
  const last = points.at(-1);
  if (!last) return `${metal} : aucun cours enregistré sur ${history.days} jours.`;
  const latest = `${metal} : ${formatNumber(last.pricePerG, 2)} €/g le ${frenchDay(last.day)}, dernier cours enregistré.`;
  const first = points[0]!;
  if (points.length < 2) return latest;
  const values = points.map((p) => Number(p.pricePerG));
  const change = ((Number(last.pricePerG) - Number(first.pricePerG)) / Number(first.pricePerG)) * 100;
  const sign = change > 0 ? '+' : '';
  return (
    `${latest} Sur ${history.days} jours : de ${formatNumber(Math.min(...values), 2)} à ` +
    `${formatNumber(Math.max(...values), 2)} €/g, ${sign}${formatNumber(change, 2)} % depuis le ${frenchDay(first.day)}.`
  );
}

/** A row of buttons of which one is pressed (aria-pressed), named for assistive technologies. */
function ToggleGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border bg-muted p-0.5" data-testid={testId}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            variant="ghost"
            size="sm"
            aria-pressed={pressed}
            className={cn(
              'h-7 px-2.5',
              pressed && 'bg-background text-foreground shadow-sm hover:bg-background',
              !pressed && 'text-muted-foreground',
            )}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}

/**
 * The price history of gold 24k, silver or platinum over 7, 30 or 365 days (GET /api/market/history, one point
 * per day in EUR per gram), drawn by uPlot in the theme's colours. Loaded on request from the activity block.
 */
export default function PriceChart() {
  const [metal, setMetal] = useState<Metal>('gold');
  const [days, setDays] = useState<MarketHistoryDays>(30);
  const history = useMarketHistory(metal, days);
  const { theme } = useTheme();
  const boxRef = useRef<HTMLDivElement>(null);

  const series = useMemo<Series | null>(() => {
    const data = history.data;
    if (!data || data.points.length === 0) return null;
    return {
      history: data,
      data: [data.points.map((p) => dayToSeconds(p.day)), data.points.map((p) => Number(p.pricePerG))],
    };
  }, [history.data]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || !series) return;
    // `theme` is a dependency: the colours are read again from the CSS variables when it changes.
    const chart = new uPlot(chartOptions(box.clientWidth, series.history), series.data, box);
    const observer = new ResizeObserver(() => {
      if (box.clientWidth > 0 && box.clientWidth !== chart.width)
        chart.setSize({ width: box.clientWidth, height: PLOT_HEIGHT });
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, theme]);

  const shown = history.data;
  const busy = history.isFetching;
  return (
    <figure
      className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4"
      aria-busy={busy}
      data-testid="price-chart"
      data-symbol={shown?.symbol}
      data-days={shown?.days}
      data-points={shown?.points.length}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ToggleGroup label="Métal" options={METAL_OPTIONS} value={metal} onChange={setMetal} testId="chart-metals" />
        <ToggleGroup label="Période" options={PERIOD_OPTIONS} value={days} onChange={setDays} testId="chart-periods" />
      </div>
      <figcaption className="text-sm text-muted-foreground" aria-live="polite">
        <span className="font-medium text-foreground">Historique des cours (€/g)</span>
        {shown ? <span data-testid="price-chart-summary"> — {summaryOf(shown)}</span> : null}
      </figcaption>
      {history.isError && !shown ? (
        <p className="text-sm text-muted-foreground" role="alert">
          Historique des cours indisponible pour le moment.{' '}
          <button
            type="button"
            className="underline underline-offset-4 hover:text-foreground"
            onClick={() => void history.refetch()}
          >
            Réessayer
          </button>
        </p>
      ) : !shown ? (
        <Skeleton className="w-full rounded-md" style={{ height: PLOT_HEIGHT }} />
      ) : (
        // uPlot owns what is inside this box; React renders nothing in it. The caption above says what it shows.
        <div
          ref={boxRef}
          aria-hidden="true"
          className={cn('w-full transition-opacity', history.isPlaceholderData && 'opacity-50')}
          style={{ height: series ? PLOT_HEIGHT : 0 }}
        />
      )}
    </figure>
  );
}
