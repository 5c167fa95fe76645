import { and, asc, eq } from 'drizzle-orm';
import { priceQuote, type QuotePricingContext } from '@shared/quote-pricing';
import { quoteLineSchema, type QuotePriceRecord } from '@shared/schemas/quotes';
import type { Db } from '../../db/client';
import { clients, quoteEvents, quotes } from '../../db/schema';
import { loadSettings } from '../settings/settings.store';
import { addDays, clientNameOf, draftValues, quoteSearchText, todayInParis } from './quote.repository';
import { nextDocumentNumber } from '../../db/document-numbers';
import { quoteNumber } from './quote-numbering';

/** Demo quotes: typed-price lines only, so they are priced without the market (the seed runs before it loads). */
const DEMO_QUOTES = [
  {
    title: 'Solitaire sur mesure',
    status: 'draft' as const,
    lines: [
      {
        kind: 'free',
        label: 'Monture solitaire or jaune 18 carats',
        priceMode: 'price',
        unitPrice: '890',
        unitCost: '420',
      },
      {
        kind: 'free',
        label: 'Sertissage 4 griffes',
        unit: 'forfait',
        priceMode: 'price',
        unitPrice: '120',
        unitCost: '45',
      },
    ],
  },
  {
    title: 'Alliances assorties',
    status: 'sent' as const,
    lines: [
      {
        kind: 'free',
        label: 'Alliance or blanc 18 carats, 4 mm',
        quantity: '2',
        priceMode: 'price',
        unitPrice: '640',
        unitCost: '300',
      },
      {
        kind: 'free',
        label: 'Gravure intérieure',
        quantity: '2',
        priceMode: 'price',
        unitPrice: '35',
        vatRatePct: '20',
      },
    ],
  },
  {
    title: 'Mise à taille et polissage',
    status: 'accepted' as const,
    lines: [
      {
        kind: 'free',
        label: 'Mise à taille (agrandissement)',
        unit: 'forfait',
        priceMode: 'price',
        unitPrice: '65',
        unitCost: '20',
      },
      {
        kind: 'free',
        label: 'Polissage et rhodiage',
        unit: 'forfait',
        priceMode: 'price',
        unitPrice: '45',
        unitCost: '12',
        discountPct: '10',
      },
    ],
  },
];

const NO_MARKET = {
  metals: { gold: null, silver: null, platinum: null },
  fx: { USD: null, ILS: null },
  calibrated: [],
};

/** A few quotes for the demo organization's first clients: a draft, a sent one and an accepted one. */
export async function seedDemoQuotes(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const settings = await loadSettings(db, organizationId);
  const demoClients = await db
    .select()
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.kind, 'particulier')))
    .orderBy(asc(clients.lastName))
    .limit(DEMO_QUOTES.length);
  const context: QuotePricingContext = {
    metals: {},
    fx: {},
    alloys: {},
    stones: {},
    steps: {},
    calibrated: [],
    organization: { vatRatePct: settings.vatRatePct, metalLossWarningPct: settings.metalLossWarningPct },
    diamonds: {},
    products: {},
    coefficients: {
      metal: settings.coefficientMetal,
      stones: settings.coefficientStones,
      labour: settings.coefficientLabour,
    },
  };
  const today = todayInParis(now);
  for (const [i, demo] of DEMO_QUOTES.entries()) {
    const client = demoClients[i % Math.max(1, demoClients.length)];
    const lines = demo.lines.map((l) => ({ ...quoteLineSchema.parse(l), key: crypto.randomUUID() }));
    const record: QuotePriceRecord = {
      pricing: priceQuote(lines, context),
      market: { computedAt: now.toISOString(), ...NO_MARKET },
      context,
    };
    const clientName = client ? clientNameOf(client) : null;
    let numbering = {};
    let number: string | null = null;
    if (demo.status !== 'draft') {
      const year = Number(today.slice(0, 4));
      const seq = await nextDocumentNumber(db, organizationId, 'quote', year);
      number = quoteNumber(year, seq);
      numbering = {
        number,
        numberYear: year,
        numberSeq: seq,
        issuedOn: today,
        validUntil: addDays(today, settings.quoteValidityDays),
        sentAt: now,
        ...(demo.status === 'accepted' ? { decidedAt: now, decidedVia: 'staff' as const } : {}),
      };
    }
    const [row] = await db
      .insert(quotes)
      .values({
        organizationId,
        status: demo.status,
        ...draftValues({
          clientId: client?.id ?? null,
          projectId: null,
          title: demo.title,
          notes: '',
          paymentTerms: 'Acompte de 30 % à la commande, solde à la livraison',
          deliveryTerms: 'Trois à quatre semaines après acceptation',
          validityDays: settings.quoteValidityDays,
          isFree: true,
          clientName,
          lines,
          price: record,
        }),
        searchText: quoteSearchText({ number, title: demo.title, clientName, lines }),
        createdAt: now,
        updatedAt: now,
        ...numbering,
      })
      .returning({ id: quotes.id });
    const event = { organizationId, quoteId: row!.id, at: now, userId: null, actor: 'Données de démonstration' };
    await db.insert(quoteEvents).values({ ...event, action: 'created', toStatus: 'draft' });
    if (demo.status !== 'draft')
      await db.insert(quoteEvents).values({ ...event, action: 'sent', fromStatus: 'draft', toStatus: 'sent' });
    if (demo.status === 'accepted')
      await db.insert(quoteEvents).values({ ...event, action: 'accepted', fromStatus: 'sent', toStatus: 'accepted' });
  }
}
