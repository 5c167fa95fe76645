import type { FastifyInstance } from 'fastify';
import { pricingSettingsOf, type PricingSettings } from '@shared/schemas/settings';
import { loadSettings } from './settings.store';

/**
 * GET /api/pricing-settings: the settings every signed-in role prices with (buy-back factor for the dashboard
 * calculator, VAT, coefficients, hourly rates and metal-loss threshold for product sheets), without the legal
 * identity: GET /api/settings stays admin/manager only (README.md).
 */
export function registerPricingSettingsRoute(app: FastifyInstance): void {
  app.get(
    '/api/pricing-settings',
    { config: { access: { area: 'dashboard', mode: 'read' } } },
    async (request): Promise<PricingSettings> =>
      pricingSettingsOf(await loadSettings(app.db, request.user!.organizationId)),
  );
}
