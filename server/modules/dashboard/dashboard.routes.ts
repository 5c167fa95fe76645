import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { can } from '@shared/access';
import type { DashboardActivity } from '@shared/schemas/dashboard';
import { todayInParis } from '../quotes/quote.repository';
import {
  endOfWeek,
  goldBuysWithStatus,
  lowStockStones,
  quotesAwaiting,
  workOrdersMatching,
} from './dashboard-activity.queries';

const READ = { config: { access: { area: 'dashboard', mode: 'read' } } } as const satisfies RouteShorthandOptions;

/**
 * `GET /api/dashboard/activity`: every role reads the dashboard; each figure is computed only when the role
 * may read its area and its module is on for the organization (otherwise null), always in that organization.
 */
export function registerDashboardRoutes(app: FastifyInstance): void {
  app.get('/api/dashboard/activity', READ, async (request): Promise<DashboardActivity> => {
    const user = request.user!;
    const organizationId = user.organizationId;
    const disabled = await app.organizationModules.disabled(organizationId);
    const now = app.now();
    const quotesOn = can(user.role, 'sales', 'read') && !disabled.has('quotes');
    const goldBuysOn = can(user.role, 'goldbuy', 'read') && !disabled.has('goldbuy');
    const stonesOn = can(user.role, 'catalog', 'read') && !disabled.has('stones');
    const workOrdersOn = can(user.role, 'production', 'read') && !disabled.has('work-orders');
    const today = todayInParis(now);
    const sunday = endOfWeek(today);
    const [awaiting, inWithdrawal, readyToMelt, lowStock, late, dueThisWeek] = await Promise.all([
      quotesOn ? quotesAwaiting(app.db, organizationId, today) : null,
      goldBuysOn ? goldBuysWithStatus(app.db, organizationId, 'in-withdrawal', now) : null,
      goldBuysOn ? goldBuysWithStatus(app.db, organizationId, 'ready-to-melt', now) : null,
      stonesOn ? lowStockStones(app.db, organizationId) : null,
      workOrdersOn ? workOrdersMatching(app.db, organizationId, { late: 'true' }, today) : null,
      workOrdersOn
        ? workOrdersMatching(app.db, organizationId, { open: 'true', dueFrom: today, dueTo: sunday }, today)
        : null,
    ]);
    return {
      quotesAwaiting: awaiting,
      goldBuysInWithdrawal: inWithdrawal,
      goldBuysReadyToMelt: readyToMelt,
      lowStockStones: lowStock,
      workOrdersLate: late,
      workOrdersDueThisWeek: dueThisWeek ? { ...dueThisWeek, from: today, to: sunday } : null,
    };
  });
}
