import { formatNumber } from '@shared/format';
import type { WorkOrder } from '@shared/schemas/work-orders';

/** Grams with 3 decimals, French style: "12,345 g"; a dash when there is none. */
export function formatGrams(value: string | number | null | undefined): string {
  const text = formatNumber(value, 3, '');
  return text ? `${text} g` : '—';
}

/** A percentage with 2 decimals: "3,25 %". */
export function formatPct(value: string | number | null | undefined): string {
  const text = formatNumber(value, 2, '');
  return text ? `${text} %` : '—';
}

/** Steps done out of the route's steps: "2/5". */
export function progressLabel(order: Pick<WorkOrder, 'stepsDone' | 'stepCount'>): string {
  return `${order.stepsDone}/${order.stepCount}`;
}

/** Minutes as the workshop says them: "45 min", "1 h 30". */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')}` : `${h} h`;
}

/** A moment in fr-FR, day and time: "26/11/2026 14:05". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${d.toLocaleDateString('fr-FR')} ${d.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;
}
