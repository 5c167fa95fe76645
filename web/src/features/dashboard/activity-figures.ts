import type { DashboardActivity } from '@shared/schemas/dashboard';
import { formatEuro } from '@shared/format';

/** A field of the activity answer: a count, sometimes with more (quotes: their total). */
export type ActivityFigureKey = keyof DashboardActivity;

interface FigureOf<K extends ActivityFigureKey> {
  key: K;
  label: string;
  /** The list the figure counts (its screen). */
  path: string;
  /**
   * The list's filter, the one the server counts with (shared/schemas/dashboard.ts), as a query string; from the
   * figure's own field when the answer carries it (e.g. the days of a week).
   */
  filter(value: NonNullable<DashboardActivity[K]>): string;
  /** A second line under the label, from the figure's own field (e.g. an amount). */
  detail?(value: NonNullable<DashboardActivity[K]>): string;
}

/** One figure of the block, its `detail` typed by its own field. */
export type ActivityFigure = { [K in ActivityFigureKey]: FigureOf<K> }[ActivityFigureKey];

/**
 * The activity block's figures, in order. A new field of `DashboardActivity` is one line here. The block shows a
 * figure when the answer holds it (not null); while it loads, it holds the place of the figures whose list the
 * role may open in the organization's modules, the rule the server applies.
 */
export const ACTIVITY_FIGURES: readonly ActivityFigure[] = [
  {
    key: 'quotesAwaiting',
    label: 'Devis en attente de réponse',
    path: '/quotes',
    filter: () => 'status=sent',
    detail: (v) => `${formatEuro(v.totalInclVat)} TTC`,
  },
  {
    key: 'goldBuysInWithdrawal',
    label: 'Rachats en délai de rétractation',
    path: '/goldbuy',
    filter: () => 'status=in-withdrawal',
  },
  { key: 'goldBuysReadyToMelt', label: 'Prêts pour la fonte', path: '/goldbuy', filter: () => 'status=ready-to-melt' },
  { key: 'lowStockStones', label: 'Pierres en stock bas', path: '/stones', filter: () => 'lowStock=true' },
  { key: 'workOrdersLate', label: 'Ordres de fabrication en retard', path: '/work-orders', filter: () => 'late=true' },
  {
    key: 'workOrdersDueThisWeek',
    label: 'Ordres de fabrication à livrer cette semaine',
    path: '/work-orders',
    filter: (v) => `open=true&dueFrom=${v.from}&dueTo=${v.to}`,
  },
];

/** What the block shows for one figure, or null when the answer leaves it out. */
export function shownFigure<K extends ActivityFigureKey>(
  f: FigureOf<K>,
  activity: DashboardActivity,
): { count: number; to: string; detail: string | null } | null {
  const value = activity[f.key];
  if (!value) return null;
  return { count: value.count, to: `${f.path}?${f.filter(value)}`, detail: f.detail ? f.detail(value) : null };
}
