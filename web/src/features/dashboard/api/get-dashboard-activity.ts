import { useQuery } from '@tanstack/react-query';
import type { DashboardActivity } from '@shared/schemas/dashboard';

/** Query key of the activity figures; its path is the key itself (the default query function GETs it). */
export const DASHBOARD_ACTIVITY_KEY = ['/api/dashboard/activity'] as const;

/**
 * GET /api/dashboard/activity: each figure, or null when the role or the organization's modules leave it out.
 * The figures sum up lists other screens change, so they are read again each time the dashboard is shown.
 */
export function useDashboardActivity() {
  return useQuery<DashboardActivity>({ queryKey: DASHBOARD_ACTIVITY_KEY, refetchOnMount: 'always' });
}
