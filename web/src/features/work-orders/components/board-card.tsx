import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import type { WorkOrder } from '@shared/schemas/work-orders';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-merge';
import { progressLabel } from '../lib/display';
import { LateBadge, PriorityBadge } from './work-order-badges';

/**
 * A work order on the board: number (link to its page), title, client, due date (with "En retard"), priority,
 * progress. Write roles drag it to another column or press "Étape suivante" (keyboard and touch).
 */
export function BoardCard({
  order,
  canMove,
  busy,
  onAdvance,
  onDragStart,
  onDragEnd,
}: {
  order: WorkOrder;
  canMove: boolean;
  busy: boolean;
  onAdvance: () => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}) {
  const finished = order.status === 'termine';
  const movable = canMove && !finished && order.stepCount > 0;
  return (
    <article
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm shadow-sm',
        movable && 'cursor-grab active:cursor-grabbing',
        order.late && 'border-red-600/60',
        busy && 'opacity-60',
      )}
      draggable={movable && !busy}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      aria-label={`${order.number} — ${order.title}`}
      aria-busy={busy || undefined}
      data-testid="board-card"
      data-number={order.number}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/work-orders/${order.id}`}
          className="font-semibold tabular-nums underline-offset-2 hover:underline"
          draggable={false}
        >
          {order.number}
        </Link>
        <PriorityBadge status={order.priority} />
      </div>
      <p className="font-medium">{order.title}</p>
      {order.clientName ? <p className="text-muted-foreground">{order.clientName}</p> : null}
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span>Échéance : {formatDateFr(order.dueDate, 'non fixée')}</span>
        {order.late ? <LateBadge /> : null}
      </div>
      <div className="flex items-center justify-between gap-2">
        <span
          className="text-xs whitespace-nowrap text-muted-foreground tabular-nums"
          aria-label={`${order.stepsDone} étapes faites sur ${order.stepCount}`}
        >
          Étapes : {progressLabel(order)}
        </span>
        {movable ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onAdvance}
            disabled={busy}
            aria-label={`Étape suivante pour ${order.number}`}
          >
            Étape suivante
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </article>
  );
}
