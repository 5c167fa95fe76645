import { sql } from 'drizzle-orm';
import type { Role } from '@shared/constants';
import type { AppConfig } from '../../config';
import { lockForTransaction } from '../../db/advisory-locks';
import { queryRows, type Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { seedCalibratedRanges } from '../calibrated/calibrated.seed';
import { seedDemoDiamonds } from '../diamonds/diamonds.seed';
import { seedMarketDefaults } from '../market/market.seed';
import { seedDemoProducts } from '../products/products.seed';
import { seedDemoProjects } from '../projects/projects.seed';
import { seedDemoGoldBuys } from '../gold-buys/gold-buys.seed';
import { seedDemoQuotes } from '../quotes/quotes.seed';
import { seedDemoWorkOrders } from '../work-orders/work-orders.seed';
import { seedDemoReferentiels } from './referentiels-demo';

/** The one password of every demo account (printed at start; demo data never exists in production). */
export const DEMO_PASSWORD = 'demo1234';
/**
 * argon2id (m=19456, t=2, p=1) of DEMO_PASSWORD, computed once: hashing is deliberately slow and the
 * first start is measured. A test checks it still verifies. Demo accounts never exist in production.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ImV7HDpBZjntVlH83/0w3Q$DcXnCSnetR2Mq2CqN0ComhqSMz27/UQKaPNlz6wbDnE';
export const DEMO_ORGANIZATION = { name: 'Bijouterie Démo', slug: 'bijouterie-demo' } as const;

/**
 * The demo shop's identity, as its contracts and quotes print it (fictitious numbers with valid check digits):
 * a gold buy-back contract cannot be signed without it.
 */
export const DEMO_IDENTITY = {
  legalForm: 'SARL',
  addressLine1: '8 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  siren: '812345676',
  siret: '81234567600009',
  rcsRm: 'RCS Paris 812 345 676',
  vatNumber: 'FR19812345676',
} as const;

export interface DemoAccount {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'superadmin', role: 'superadmin', firstName: 'Camille', lastName: 'Lefèvre' },
  { username: 'admin', role: 'admin', firstName: 'Claire', lastName: 'Martin' },
  { username: 'manager', role: 'manager', firstName: 'Julien', lastName: 'Moreau' },
  { username: 'commercial', role: 'sales', firstName: 'Sophie', lastName: 'Bernard' },
  { username: 'production', role: 'production', firstName: 'Antoine', lastName: 'Dubois' },
];

export interface SeedResult {
  /** True when the installation had no organization when seeding began. */
  wasEmpty: boolean;
  /** True when the demo organization was created by this call. */
  demoCreated: boolean;
  /** True when the demo organization exists (its accounts can be printed). */
  demoPresent: boolean;
}

async function countOrganizations(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM organizations`);
  return row?.n ?? 0;
}

async function demoOrganizationExists(db: Db): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM organizations WHERE slug = ${DEMO_ORGANIZATION.slug} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Creates the demo organization and one user per role, once (advisory lock: several nodes may start together). */
async function seedDemoOrganization(db: Db): Promise<boolean> {
  const passwordHash = DEMO_PASSWORD_HASH;
  return db.transaction(async (tx) => {
    await lockForTransaction(tx as unknown as Db, 'demoSeed');
    if ((await countOrganizations(tx as unknown as Db)) > 0) return false;
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION.name, slug: DEMO_ORGANIZATION.slug, settings: DEMO_IDENTITY })
      .returning({ id: organizations.id });
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account) => ({
        organizationId: org!.id,
        username: account.username,
        email: `${account.username}@bijouterie-demo.fr`,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        passwordHash,
      })),
    );
    await seedDemoReferentiels(tx as unknown as Db, org!.id);
    return true;
  });
}

/**
 * First-start seeding, idempotent. On an installation with no organization: the reference data
 * (alloys, the default `demo` market source, calibrated ranges) always, even in production; the
 * demo organization, its users and demo diamonds only when `config.seedDemo` (never in production).
 */
export async function seedDatabase(
  db: Db,
  config: Pick<AppConfig, 'seedDemo' | 'isProduction' | 'demoDiamondCount'>,
): Promise<SeedResult> {
  const wasEmpty = (await countOrganizations(db)) === 0;
  const withDemo = config.seedDemo && !config.isProduction;
  let demoCreated = false;
  if (wasEmpty) {
    if (withDemo) demoCreated = await seedDemoOrganization(db);
    await seedMarketDefaults(db);
    await seedCalibratedRanges(db);
    if (withDemo) await seedDemoDiamonds(db, config.demoDiamondCount);
    if (demoCreated) {
      const [demoOrg] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM organizations WHERE slug = ${DEMO_ORGANIZATION.slug}`,
      );
      // Product sheets, projects, quotes, work orders and gold buys last: they use the référentiels (stones, production steps, clients).
      if (demoOrg) {
        await seedDemoProducts(db, demoOrg.id);
        await seedDemoProjects(db, demoOrg.id);
        await seedDemoQuotes(db, demoOrg.id);
        await seedDemoWorkOrders(db, demoOrg.id);
        await seedDemoGoldBuys(db, demoOrg.id);
      }
    }
  }
  const demoPresent = withDemo && (demoCreated || (await demoOrganizationExists(db)));
  return { wasEmpty, demoCreated, demoPresent };
}
