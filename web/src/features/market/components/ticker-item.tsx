import { memo } from 'react';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/class-merge';
import { countRender } from '../lib/render-probe';
import type { Trend } from '../lib/trend';

const TREND_LABELS: Record<Trend, string> = { up: 'en hausse', down: 'en baisse', neutral: 'stable' };

export function TrendIcon({ trend }: { trend: Trend }) {
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : Minus;
  return (
    <>
      <Icon
        aria-hidden="true"
        className={cn(
          'size-3.5 shrink-0',
          trend === 'up' && 'text-success',
          trend === 'down' && 'text-destructive',
          trend === 'neutral' && 'text-muted-foreground',
        )}
      />
      <span className="sr-only">{TREND_LABELS[trend]}</span>
    </>
  );
}

/** One ticker item; memoised: a strip that renders because one price changed re-renders only that item. */
export const TickerItem = memo(function TickerItem({
  label,
  value,
  trend,
}: {
  label: string;
  value: string;
  trend?: Trend;
}) {
  countRender('TickerItem');
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 px-4 text-xs whitespace-nowrap">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
      {trend ? <TrendIcon trend={trend} /> : null}
    </span>
  );
});
