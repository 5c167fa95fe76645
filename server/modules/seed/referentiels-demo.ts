/**
 * Demo référentiels: realistic French clients, suppliers, stones & components
 * and the default production steps for the demo organization. Idempotent per table (skips a table
 * that already has rows for the organization).
 */
import { eq, sql } from 'drizzle-orm';
import { clientInputSchema } from '@shared/schemas/clients';
import { slugify } from '@shared/slug';
import { stoneInputSchema } from '@shared/schemas/stones';
import { supplierInputSchema } from '@shared/schemas/suppliers';
import type { Db } from '../../db/client';
import { clients, stockMovements, stones, suppliers } from '../../db/schema';
import { clientValues } from '../clients/clients.resource';
import { seedDefaultProductionSteps } from '../production-steps/production-steps.seed';
import { stoneValues } from '../stones/stones.resource';
import { supplierValues } from '../suppliers/suppliers.resource';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const DEMO_CLIENTS = [
  ['Mme', 'Hélène', 'Dupré', 'Lyon', '69002', '06 12 34 56 78', 'helene.dupre@example.fr', ['mariage', 'fidèle']],
  ['M.', 'François', 'Lefèvre', 'Paris', '75008', '06 23 45 67 89', 'f.lefevre@example.fr', ['fiançailles']],
  ['Mme', 'Chloé', 'Martin', 'Bordeaux', '33000', '07 11 22 33 44', 'chloe.martin@example.fr', ['vip']],
  ['M.', 'Étienne', 'Bernard', 'Nantes', '44000', '06 98 76 54 32', 'etienne.bernard@example.fr', []],
  ['Mme', 'Amélie', 'Moreau', 'Toulouse', '31000', '06 55 44 33 22', 'amelie.moreau@example.fr', ['anniversaire']],
  ['M.', 'Léo', 'Garnier', 'Lille', '59000', '07 66 77 88 99', 'leo.garnier@example.fr', []],
  ['Mme', 'Inès', 'Faure', 'Marseille', '13006', '06 01 02 03 04', 'ines.faure@example.fr', ['mariage']],
  ['M.', 'Noël', 'Rousseau', 'Strasbourg', '67000', '06 45 67 89 01', 'noel.rousseau@example.fr', ['vip', 'montres']],
  ['Mme', 'Zoé', 'Blanc', 'Nice', '06000', '07 12 13 14 15', 'zoe.blanc@example.fr', []],
  ['M.', 'Gaël', 'Guérin', 'Rennes', '35000', '06 21 32 43 54', 'gael.guerin@example.fr', ['fiançailles']],
  ['Mme', 'Océane', 'Muller', 'Colmar', '68000', '06 87 65 43 21', 'oceane.muller@example.fr', []],
  ['M.', 'Raphaël', 'Lambert', 'Annecy', '74000', '06 33 44 55 66', 'raphael.lambert@example.fr', ['réparation']],
  ['Mme', 'Bérénice', 'Fontaine', 'Dijon', '21000', '07 98 87 76 65', 'berenice.fontaine@example.fr', ['vip']],
  ['M.', 'Jérôme', 'Chevalier', 'Reims', '51100', '06 10 20 30 40', 'jerome.chevalier@example.fr', []],
  ['Mme', 'Maëlle', 'Robin', 'Angers', '49000', '06 50 60 70 80', 'maelle.robin@example.fr', ['mariage']],
  ['M.', 'Benoît', 'Perrin', 'Grenoble', '38000', '06 90 80 70 60', 'benoit.perrin@example.fr', []],
] as const;

const DEMO_PROFESSIONALS = [
  ['Joaillerie Vendôme SARL', 'M.', 'Henri', 'Mercier', 'Paris', '75001', 'contact@joaillerie-vendome.example'],
  ['Bijoux du Sud SAS', 'Mme', 'Camille', 'Roux', 'Montpellier', '34000', 'achats@bijouxdusud.example'],
  ['Horlogerie Lemaire', 'M.', 'Yves', 'Lemaire', 'Besançon', '25000', 'yves@horlogerie-lemaire.example'],
] as const;

const DEMO_PROSPECTS = [['Mme', 'Élodie', 'Carré', 'Tours', '37000', 'elodie.carre@example.fr']] as const;

const DEMO_SUPPLIERS = [
  {
    type: 'fondeur',
    name: 'Fonderie Marais',
    city: 'Paris',
    postalCode: '75003',
    leadTimeDays: 5,
    specialities: ['fonte cire perdue', 'or', 'platine'],
    contact: ['Marc Aubert', 'Responsable atelier'],
  },
  {
    type: 'sertisseur',
    name: 'Serti Concept',
    city: 'Lyon',
    postalCode: '69002',
    leadTimeDays: 7,
    specialities: ['serti grain', 'serti clos', 'pavage'],
    contact: ['Sophie Laurent', 'Sertisseuse'],
  },
  {
    type: 'diamantaire',
    name: 'Diamants Anvers Paris',
    city: 'Paris',
    postalCode: '75009',
    leadTimeDays: 3,
    specialities: ['diamants certifiés GIA', 'mêlée'],
    contact: ['David Cohen', 'Commercial'],
  },
  {
    type: 'lapidaire',
    name: 'Lapidairerie du Jura',
    city: 'Saint-Claude',
    postalCode: '39200',
    leadTimeDays: 15,
    specialities: ['taille sur mesure', 'pierres fines'],
    contact: ['Paul Vuillet', 'Lapidaire'],
  },
  {
    type: 'graveur',
    name: 'Gravure Artisanale Dubois',
    city: 'Lyon',
    postalCode: '69006',
    leadTimeDays: 4,
    specialities: ['gravure main', 'armoiries'],
    contact: ['Luc Dubois', 'Graveur'],
  },
  {
    type: 'polisseur',
    name: 'Poli Éclat',
    city: 'Marseille',
    postalCode: '13001',
    leadTimeDays: 3,
    specialities: ['polissage', 'rhodiage'],
    contact: ['Nadia Benali', 'Gérante'],
  },
  {
    type: 'atelier',
    name: 'Atelier Saint-Honoré',
    city: 'Paris',
    postalCode: '75001',
    leadTimeDays: 21,
    specialities: ['haute joaillerie', 'prototypes'],
    contact: ['Claire Morel', 'Chef d’atelier'],
  },
  {
    type: 'transport',
    name: 'Sécuritrans Valeurs',
    city: 'Roissy',
    postalCode: '95700',
    leadTimeDays: 1,
    specialities: ['transport sécurisé', 'assurance'],
    contact: ['Hugo Petit', 'Chargé de clientèle'],
  },
] as const;

type DemoStone = {
  category: string;
  name: string;
  variety?: string;
  shape?: string;
  sizeMm?: string;
  weight?: string;
  weightUnit?: string;
  colour?: string;
  quality?: string;
  treatment?: string;
  origin?: string;
  certificate?: string;
  unitCost: string;
  currency: 'EUR' | 'USD';
  supplier?: string;
  stockQuantity: number;
  stockLocation: string;
  lowStockThreshold?: number;
};

const DEMO_STONES: DemoStone[] = [
  {
    category: 'pierre_couleur',
    name: 'Saphir bleu ovale',
    variety: 'Saphir',
    shape: 'Ovale',
    sizeMm: '7.00',
    weight: '1.250',
    colour: 'Bleu royal',
    quality: 'AAA',
    treatment: 'Chauffé',
    origin: 'Sri Lanka',
    certificate: 'GRS 2024-11873',
    unitCost: '1850.00',
    currency: 'USD',
    supplier: 'Lapidairerie du Jura',
    stockQuantity: 2,
    stockLocation: 'Coffre A1',
    lowStockThreshold: 1,
  },
  {
    category: 'pierre_couleur',
    name: 'Rubis coussin',
    variety: 'Rubis',
    shape: 'Coussin',
    sizeMm: '6.00',
    weight: '1.050',
    colour: 'Rouge sang de pigeon',
    quality: 'AA',
    treatment: 'Chauffé',
    origin: 'Mozambique',
    unitCost: '2400.00',
    currency: 'USD',
    supplier: 'Lapidairerie du Jura',
    stockQuantity: 1,
    stockLocation: 'Coffre A1',
    lowStockThreshold: 1,
  },
  {
    category: 'pierre_couleur',
    name: 'Émeraude octogonale',
    variety: 'Émeraude',
    shape: 'Octogone',
    sizeMm: '8.00',
    weight: '1.600',
    colour: 'Vert intense',
    quality: 'AA',
    treatment: 'Huilée (mineur)',
    origin: 'Colombie',
    certificate: 'SSEF 118 442',
    unitCost: '3200.00',
    currency: 'EUR',
    supplier: 'Lapidairerie du Jura',
    stockQuantity: 1,
    stockLocation: 'Coffre A2',
  },
  {
    category: 'pierre_couleur',
    name: 'Tanzanite poire',
    variety: 'Tanzanite',
    shape: 'Poire',
    sizeMm: '9.00',
    weight: '2.100',
    colour: 'Violet bleu',
    quality: 'AAA',
    origin: 'Tanzanie',
    unitCost: '780.00',
    currency: 'USD',
    stockQuantity: 3,
    stockLocation: 'Coffre A2',
    lowStockThreshold: 1,
  },
  {
    category: 'pierre_couleur',
    name: 'Aigue-marine émeraude',
    variety: 'Aigue-marine',
    shape: 'Émeraude',
    sizeMm: '10.00',
    weight: '3.200',
    colour: 'Bleu ciel',
    quality: 'AA',
    origin: 'Brésil',
    unitCost: '420.00',
    currency: 'EUR',
    stockQuantity: 2,
    stockLocation: 'Coffre A2',
  },
  {
    category: 'pierre_couleur',
    name: 'Améthyste ronde',
    variety: 'Améthyste',
    shape: 'Rond',
    sizeMm: '6.00',
    weight: '0.800',
    colour: 'Violet',
    quality: 'A',
    origin: 'Uruguay',
    unitCost: '35.00',
    currency: 'EUR',
    stockQuantity: 12,
    stockLocation: 'Tiroir B3',
    lowStockThreshold: 5,
  },
  {
    category: 'perle',
    name: 'Perle de culture Akoya',
    variety: 'Akoya',
    shape: 'Ronde',
    sizeMm: '7.50',
    colour: 'Blanc rosé',
    quality: 'AA+',
    origin: 'Japon',
    unitCost: '45.00',
    currency: 'EUR',
    stockQuantity: 24,
    stockLocation: 'Tiroir C1',
    lowStockThreshold: 10,
  },
  {
    category: 'perle',
    name: 'Perle de Tahiti',
    variety: 'Tahiti',
    shape: 'Cerclée',
    sizeMm: '10.00',
    colour: 'Gris paon',
    quality: 'A',
    origin: 'Polynésie française',
    unitCost: '90.00',
    currency: 'EUR',
    stockQuantity: 4,
    stockLocation: 'Tiroir C1',
    lowStockThreshold: 6,
  },
  {
    category: 'lot_melee',
    name: 'Mêlée diamant 1,3 mm F-G VS',
    variety: 'Diamant',
    shape: 'Rond brillant',
    sizeMm: '1.30',
    weight: '1.000',
    colour: 'F-G',
    quality: 'VS',
    unitCost: '650.00',
    currency: 'USD',
    supplier: 'Diamants Anvers Paris',
    stockQuantity: 95,
    stockLocation: 'Coffre A3',
    lowStockThreshold: 50,
  },
  {
    category: 'lot_melee',
    name: 'Mêlée diamant 2,0 mm G-H SI',
    variety: 'Diamant',
    shape: 'Rond brillant',
    sizeMm: '2.00',
    weight: '1.000',
    colour: 'G-H',
    quality: 'SI',
    unitCost: '480.00',
    currency: 'USD',
    supplier: 'Diamants Anvers Paris',
    stockQuantity: 30,
    stockLocation: 'Coffre A3',
    lowStockThreshold: 40,
  },
  {
    category: 'appret',
    name: 'Fermoir mousqueton or 18 carats',
    variety: 'Or jaune 750',
    weight: '0.450',
    weightUnit: 'g',
    unitCost: '38.00',
    currency: 'EUR',
    supplier: 'Fonderie Marais',
    stockQuantity: 15,
    stockLocation: 'Tiroir D1',
    lowStockThreshold: 5,
  },
  {
    category: 'appret',
    name: 'Tiges et poussettes argent 925',
    variety: 'Argent 925',
    weight: '0.300',
    weightUnit: 'g',
    unitCost: '2.50',
    currency: 'EUR',
    stockQuantity: 60,
    stockLocation: 'Tiroir D2',
    lowStockThreshold: 20,
  },
  {
    category: 'appret',
    name: 'Chaton 4 griffes or blanc',
    variety: 'Or blanc 750',
    sizeMm: '5.00',
    weight: '0.250',
    weightUnit: 'g',
    unitCost: '22.00',
    currency: 'EUR',
    supplier: 'Fonderie Marais',
    stockQuantity: 3,
    stockLocation: 'Tiroir D1',
    lowStockThreshold: 5,
  },
  {
    category: 'chaine',
    name: 'Chaîne forçat or jaune 45 cm',
    variety: 'Or jaune 750',
    weight: '2.800',
    weightUnit: 'g',
    unitCost: '310.00',
    currency: 'EUR',
    stockQuantity: 6,
    stockLocation: 'Vitrine 2',
    lowStockThreshold: 2,
  },
  {
    category: 'chaine',
    name: 'Chaîne vénitienne argent 50 cm',
    variety: 'Argent 925',
    weight: '4.500',
    weightUnit: 'g',
    unitCost: '28.00',
    currency: 'EUR',
    stockQuantity: 10,
    stockLocation: 'Vitrine 3',
    lowStockThreshold: 3,
  },
];

async function isEmpty(
  db: Db,
  table: PgTable,
  organizationColumn: AnyPgColumn,
  organizationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(organizationColumn, organizationId));
  return (row?.n ?? 0) === 0;
}

/** Seeds ~20 clients, 8 suppliers, 15 stones and the default production steps for one organization. */
export async function seedDemoReferentiels(db: Db, organizationId: string): Promise<void> {
  if (await isEmpty(db, suppliers, suppliers.organizationId, organizationId)) {
    await db.insert(suppliers).values(
      DEMO_SUPPLIERS.map((s) => {
        const slug = slugify(s.name).replace(/-/g, '');
        const [contactName, contactRole] = s.contact;
        return {
          ...supplierValues(
            supplierInputSchema.parse({
              type: s.type,
              name: s.name,
              city: s.city,
              postalCode: s.postalCode,
              email: `contact@${slug}.example`,
              phone: '01 23 45 67 89',
              specialities: [...s.specialities],
              leadTimeDays: s.leadTimeDays,
              paymentTerms: '30 jours fin de mois',
              contacts: [{ name: contactName, role: contactRole, email: `atelier@${slug}.example` }],
            }),
          ),
          organizationId,
        };
      }),
    );
  }
  const supplierRows = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.organizationId, organizationId));
  const supplierId = (name: string | undefined) => supplierRows.find((s) => s.name === name)?.id ?? null;

  if (await isEmpty(db, clients, clients.organizationId, organizationId)) {
    const inputs = [
      ...DEMO_CLIENTS.map(([civility, firstName, lastName, city, postalCode, phoneMobile, email, tags], i) => ({
        civility,
        firstName,
        lastName,
        city,
        postalCode,
        phoneMobile,
        email,
        tags: [...tags],
        addressLine1: `${3 + i * 7} rue de la République`,
        birthDate: `${1960 + i * 2}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        marketingConsent: i % 3 !== 0,
      })),
      ...DEMO_PROFESSIONALS.map(([company, civility, firstName, lastName, city, postalCode, email]) => ({
        kind: 'professionnel',
        company,
        civility,
        firstName,
        lastName,
        city,
        postalCode,
        email,
        phoneLandline: '01 42 60 00 00',
        tags: ['professionnel'],
      })),
      ...DEMO_PROSPECTS.map(([civility, firstName, lastName, city, postalCode, email]) => ({
        status: 'prospect',
        civility,
        firstName,
        lastName,
        city,
        postalCode,
        email,
        notes: 'Intéressée par une bague de fiançailles, budget 3 000 €',
      })),
    ];
    const now = new Date();
    await db
      .insert(clients)
      .values(inputs.map((input) => ({ ...clientValues(clientInputSchema.parse(input), now), organizationId })));
  }

  if (await isEmpty(db, stones, stones.organizationId, organizationId)) {
    const now = new Date();
    const inserted = await db
      .insert(stones)
      .values(
        DEMO_STONES.map(({ supplier, stockQuantity, ...s }) => ({
          ...stoneValues(stoneInputSchema.parse({ ...s, supplierId: supplierId(supplier) })),
          // The stock is the sum of the movements: each demo stone's count is its one initial adjustment below.
          stockQuantity: String(stockQuantity),
          organizationId,
        })),
      )
      .returning();
    const withStock = inserted.filter((row) => Number(row.stockQuantity) > 0);
    if (withStock.length > 0) {
      await db.insert(stockMovements).values(
        withStock.map((row) => ({
          organizationId,
          stoneId: row.id,
          kind: 'adjustment' as const,
          quantity: row.stockQuantity,
          unit: row.stockUnit,
          reason: 'Stock initial',
          unitCost: row.unitCost,
          currency: row.unitCost === null ? null : row.currency,
          at: now,
          userName: 'Données de démonstration',
        })),
      );
    }
  }

  await seedDefaultProductionSteps(db, organizationId);
}
