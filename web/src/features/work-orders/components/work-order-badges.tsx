import { AlertTriangle } from 'lucide-react';
import {
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@shared/schemas/work-orders';
import { statusBadge } from '@/components/status-badge';
import { cn } from '@/lib/class-merge';

/** A work order's (or a step's) status. */
export const WorkOrderStatusBadge = statusBadge<WorkOrderStatus>({
  labels: WORK_ORDER_STATUS_LABELS,
  tones: { a_faire: 'neutral', en_cours: 'info', bloque: 'warning', termine: 'success' },
  testId: 'work-order-status',
});

/** A work order's priority; "Urgente" and "Haute" stand out. */
export const PriorityBadge = statusBadge<WorkOrderPriority>({
  labels: WORK_ORDER_PRIORITY_LABELS,
  tones: { basse: 'neutral', normale: 'neutral', haute: 'distinct', urgente: 'danger' },
  testId: 'work-order-priority',
});

/** "En retard": past the due date and not finished, in words and with an icon, not by colour alone. */
export function LateBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border border-red-600/50 bg-red-500/10 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 dark:text-red-200',
        className,
      )}
      data-testid="late-badge"
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      En retard
    </span>
  );
}
