import { eq, sql } from 'drizzle-orm';
import { organizations } from '../../../db/schema';
import {
  createOrganization,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestClient,
} from '../../../test/harness';
import { setManualMarket } from '../../products/test/fixtures';

/** The gold-buy tests' clock starts on Monday 2 March 2026, 10:00 in Paris (09:00 UTC); tests move it. */
export const MONDAY_10H = new Date('2026-03-02T09:00:00Z');

/** A seller with the full identity (the vigilance from 10,000 € per seller and day needs it). */
export const SELLER = {
  civility: 'Mme',
  firstName: 'Hélène',
  lastName: 'Dupré',
  addressLine1: '12 rue des Orfèvres',
  postalCode: '69002',
  city: 'Lyon',
  idDocumentType: 'cni',
  idDocumentNumber: '123456789012',
  birthDate: '1970-05-04',
  birthPlace: 'Mâcon',
  idDocumentAuthority: 'Préfecture du Rhône',
  idDocumentDate: '2020-01-15',
};

/** Jewellery: 10 g net of 18 kt at 100 €/g pure -> 75,00 €/g -> 10 x 75,00 x 0,755 = 566,25 €. */
export const RING = {
  description: 'Bague or jaune',
  metal: 'gold',
  fineness: 750,
  category: 'jewellery',
  grossWeightG: '10,4',
  netWeightG: '10',
  hallmark: true,
};

export const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

/** A VAT-registered shop's identity (it withholds the flat tax). */
export const SHOP_IDENTITY = {
  legalForm: 'SARL',
  addressLine1: '5 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  siren: '303265045',
  siret: '30326504500003',
  rcsRm: 'RCS Lyon 303 265 045',
  vatNumber: 'FR40303265045',
};

export interface GoldBuyTestSetup {
  t: TestApp;
  orgId: string;
  admin: TestClient;
  sales: TestClient;
  manager: TestClient;
  production: TestClient;
  /** An admin of another organization. */
  foreign: TestClient;
  foreignOrgId: string;
  /** Signs in one more user (another session), of this organization unless told. */
  signIn: (role: 'admin' | 'manager' | 'sales' | 'production', organizationId?: string) => Promise<TestClient>;
}

/**
 * The app of a gold-buy test file on its movable clock: an organization with the shop's identity but no VAT
 * number unless `settings` (merged over it) gives one, the market at 100 €/g of pure gold, and one signed-in user per role that matters here.
 */
export async function startGoldBuyApp(
  clock: { now: Date },
  name: string,
  settings: Record<string, unknown> = {},
): Promise<GoldBuyTestSetup> {
  const t = await createTestApp({}, () => clock.now);
  const orgId = await createOrganization(t, name);
  const identity = { ...SHOP_IDENTITY, vatNumber: '', ...settings };
  await t.handle.db
    .update(organizations)
    .set({ settings: sql`${organizations.settings} || ${JSON.stringify(identity)}::jsonb` })
    .where(eq(organizations.id, orgId));
  await setManualMarket(t, { XAU: '100', XAG: '0.8', XPT: '30', 'USD/EUR': '0.92' });
  const signIn = async (role: 'admin' | 'manager' | 'sales' | 'production', organizationId = orgId) =>
    (await signedInClient(t, { role, organizationId })).client;
  const foreignOrgId = await createOrganization(t);
  return {
    t,
    orgId,
    foreignOrgId,
    signIn,
    admin: await signIn('admin'),
    sales: await signIn('sales'),
    manager: await signIn('manager'),
    production: await signIn('production'),
    foreign: await signIn('admin', foreignOrgId),
  };
}
