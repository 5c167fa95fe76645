import { eq, sql } from 'drizzle-orm';
import { productionStepInputSchema } from '@shared/schemas/production-steps';
import type { Db } from '../../db/client';
import { productionSteps } from '../../db/schema';
import { productionStepValues } from './production-steps.resource';

/** The usual steps of a French jewellery workshop, with plausible default durations and hourly rates. */
export const DEFAULT_PRODUCTION_STEPS = [
  {
    code: 'CAO',
    name: 'CAO/3D',
    minutes: 180,
    rate: '65.00',
    description: 'Modélisation 3D et impression de la maquette',
  },
  { code: 'FONTE', name: 'Fonte', minutes: 60, rate: '55.00', description: 'Fonte à cire perdue' },
  { code: 'MONTAGE', name: 'Montage', minutes: 240, rate: '60.00', description: 'Assemblage, soudure et ajustage' },
  {
    code: 'SERTI',
    name: 'Sertissage',
    minutes: 120,
    rate: '70.00',
    description: 'Sertissage des pierres (griffes, grains, clos)',
  },
  { code: 'POLI', name: 'Polissage', minutes: 60, rate: '50.00', description: 'Émerisage, polissage et avivage' },
  { code: 'RHODIAGE', name: 'Rhodiage', minutes: 30, rate: '50.00', description: 'Bain de rhodium (or blanc)' },
  { code: 'GRAVURE', name: 'Gravure', minutes: 45, rate: '55.00', description: 'Gravure manuelle ou laser' },
  {
    code: 'CQ',
    name: 'Contrôle qualité',
    minutes: 20,
    rate: '45.00',
    description: 'Contrôle final, poinçon et nettoyage',
  },
] as const;

/**
 * Creates the default production steps of an organization that has none (idempotent).
 * Returns the number of steps created.
 */
export async function seedDefaultProductionSteps(db: Db, organizationId: string): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productionSteps)
    .where(eq(productionSteps.organizationId, organizationId));
  if ((existing?.n ?? 0) > 0) return 0;
  await db.insert(productionSteps).values(
    DEFAULT_PRODUCTION_STEPS.map((s, i) => ({
      ...productionStepValues(
        productionStepInputSchema.parse({
          code: s.code,
          name: s.name,
          description: s.description,
          defaultDurationMinutes: s.minutes,
          hourlyRate: s.rate,
          mode: 'internal',
        }),
      ),
      organizationId,
      position: i + 1,
    })),
  );
  return DEFAULT_PRODUCTION_STEPS.length;
}
