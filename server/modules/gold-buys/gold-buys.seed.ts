import { priceGoldBuy } from '@shared/gold-buy-pricing';
import { withdrawalDeadline } from '@shared/gold-buy-rules';
import { goldBuyItemSchema, goldBuySellerSchema } from '@shared/schemas/gold-buys';
import { isVatRegistered } from '@shared/schemas/settings';
import { parisDay } from '@shared/csv-format';
import type { Db } from '../../db/client';
import { nextDocumentNumber } from '../../db/document-numbers';
import { goldBuyEvents, goldBuys, policeRegister } from '../../db/schema';
import { loadSettings } from '../settings/settings.store';
import {
  goldBuyNumber,
  goldBuySearchText,
  REGISTER_ORIGIN,
  sellerDocumentOf,
  sellerIdentityOf,
  sellerNameOf,
} from './gold-buy.repository';

const HOUR = 3_600_000;
const ACTOR = 'Données de démonstration';

/**
 * Demo purchases: a draft (priced at today's market when opened), one signed an hour ago (inside its withdrawal
 * period) and one paid five days ago (ready to melt). Signed ones carry typed prices with their reason: the seed
 * runs before the market is loaded, and a contract never shows a market price that was not read.
 */
const DEMO_GOLD_BUYS = [
  {
    status: 'draft' as const,
    signedHoursAgo: null,
    seller: { civility: 'M.', firstName: 'Jean', lastName: 'Perrin', city: 'Lyon' },
    items: [
      { description: 'Chevalière or jaune', metal: 'gold', fineness: 750, grossWeightG: '9.2', netWeightG: '9.2' },
    ],
  },
  {
    status: 'validated' as const,
    signedHoursAgo: 1,
    seller: {
      civility: 'Mme',
      firstName: 'Lucie',
      lastName: 'Garnier',
      addressLine1: '8 rue Mercière',
      postalCode: '69002',
      city: 'Lyon',
      idDocumentType: 'cni',
      idDocumentNumber: '880692310285',
    },
    items: [
      { description: 'Bracelet gourmette', metal: 'gold', fineness: 750, grossWeightG: '18.4', netWeightG: '18.1' },
      { description: 'Médaille de baptême', metal: 'gold', fineness: 750, grossWeightG: '3.1', netWeightG: '3.1' },
    ],
    prices: ['1180.00', '205.00'],
  },
  {
    status: 'paid' as const,
    signedHoursAgo: 120,
    seller: {
      civility: 'M.',
      firstName: 'Karim',
      lastName: 'Benali',
      addressLine1: '21 cours Vitton',
      postalCode: '69006',
      city: 'Lyon',
      idDocumentType: 'passport',
      idDocumentNumber: '20FR48213',
    },
    items: [
      {
        description: 'Couverts en argent massif',
        metal: 'silver',
        fineness: 925,
        grossWeightG: '412',
        netWeightG: '405',
      },
    ],
    prices: ['260.00'],
  },
];

/** Seeds the demo organization's purchases and their register entries (the register keeps them: demo data only). */
export async function seedDemoGoldBuys(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const settings = await loadSettings(db, organizationId);
  const vatRegistered = isVatRegistered(settings);
  for (const demo of DEMO_GOLD_BUYS) {
    const seller = goldBuySellerSchema.parse(demo.seller);
    const items = demo.items.map((item, i) =>
      goldBuyItemSchema.parse({
        ...item,
        hallmark: true,
        ...(demo.prices ? { priceOverride: demo.prices[i], overrideReason: 'Prix convenu avec le vendeur' } : {}),
      }),
    );
    const pricing = priceGoldBuy(items, {
      pricePerGramPure: {},
      buybackFactor: settings.buybackFactor,
      regime: 'flat',
      vatRegistered,
    });
    const sellerName = sellerNameOf(seller);
    const signedAt = demo.signedHoursAgo === null ? null : new Date(now.getTime() - demo.signedHoursAgo * HOUR);
    let signed = {};
    let number: string | null = null;
    if (signedAt) {
      const year = Number(parisDay(signedAt).slice(0, 4));
      const sequence = await nextDocumentNumber(db, organizationId, 'gold-buy', year);
      number = goldBuyNumber(year, sequence);
      signed = {
        number,
        numberYear: year,
        numberSeq: sequence,
        market: {},
        tax: pricing.tax,
        paymentMethod: 'transfer' as const,
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        signedAt,
        signedPlace: 'Lyon',
        withdrawalDeadline: withdrawalDeadline(signedAt),
        ...(demo.status === 'paid' ? { paidAt: new Date(signedAt.getTime() + HOUR) } : {}),
      };
    }
    const [row] = await db
      .insert(goldBuys)
      .values({
        organizationId,
        status: demo.status,
        seller,
        sellerName,
        items,
        itemCount: items.length,
        netWeightG: pricing.netWeightG,
        buybackFactor: settings.buybackFactor,
        vatRegistered,
        total: pricing.total,
        taxWithheld: pricing.taxWithheld,
        netPaid: pricing.netPaid,
        searchText: goldBuySearchText({ number, sellerName, items }),
        createdAt: signedAt ?? now,
        updatedAt: now,
        ...signed,
      })
      .returning({ id: goldBuys.id });
    const event = { organizationId, goldBuyId: row!.id, userId: null, actor: ACTOR };
    await db.insert(goldBuyEvents).values({ ...event, at: signedAt ?? now, action: 'created', toStatus: 'draft' });
    if (!signedAt || !number) continue;
    await db
      .insert(goldBuyEvents)
      .values({ ...event, at: signedAt, action: 'validated', fromStatus: 'draft', toStatus: 'validated' });
    if (demo.status === 'paid')
      await db.insert(goldBuyEvents).values({
        ...event,
        at: new Date(signedAt.getTime() + HOUR),
        action: 'paid',
        fromStatus: 'validated',
        toStatus: 'paid',
      });
    for (const [index, item] of pricing.items.entries()) {
      await db.insert(policeRegister).values({
        organizationId,
        number: await nextDocumentNumber(db, organizationId, 'police-register', 0),
        entryAt: signedAt,
        direction: 'in',
        goldBuyId: row!.id,
        goldBuyNumber: number,
        itemIndex: index,
        description: item.description,
        metal: item.metal,
        fineness: item.fineness,
        weightG: item.netWeightG,
        price: item.price,
        origin: REGISTER_ORIGIN,
        sellerIdentity: sellerIdentityOf(seller),
        sellerDocument: sellerDocumentOf(seller),
        recordedByName: ACTOR,
      });
    }
  }
}
