import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuotePricing } from '@shared/quote-pricing';
import { QUOTE_UNIT_LABELS, type QuoteLineInput, type QuotePriceRecord } from '@shared/schemas/quotes';
import type { Settings } from '@shared/schemas/settings';
import type { Db } from '../../db/client';
import { organizationLogos, productPhotos } from '../../db/schema';
import { loadSettings } from '../settings/settings.store';
import { renderQuotePdf, type PdfImage, type QuotePdfDocument } from './pdf/quote-pdf';
import { addDays, clientNameOf, findClient, findQuote, todayInParis, type QuoteRow } from './quote.repository';
import { priceLinesNow } from './quote-view';

export const organizationAddressLines = (s: Settings): string[] =>
  [s.addressLine1, s.addressLine2, [s.postalCode, s.city].filter(Boolean).join(' '), s.country].filter(
    (l) => l.trim() !== '',
  );

/** The organization's identity as a quote prints it (PDF and the client's page). */
export function organizationIdentity(s: Settings) {
  return {
    legalName: s.legalName,
    legalForm: s.legalForm,
    addressLines: organizationAddressLines(s),
    siren: s.siren,
    siret: s.siret,
    rcsRm: s.rcsRm,
    vatNumber: s.vatNumber,
    email: s.email,
    phone: s.phone,
  };
}

/** The price a quote prints: frozen when sent; today's for a draft (its PDF says "Brouillon"). */
export async function printedPricing(app: FastifyInstance, db: Db, row: QuoteRow): Promise<QuotePricing> {
  if (row.status !== 'draft' && row.price) return (row.price as QuotePriceRecord).pricing;
  return (await priceLinesNow(app, db, row.organizationId, row.lines as QuoteLineInput[])).pricing;
}

/** The first photo of each product sheet a quote names (printed beside its line). */
async function productCovers(db: Db, organizationId: string, productIds: readonly string[]) {
  const covers = new Map<string, PdfImage>();
  if (productIds.length === 0) return covers;
  const rows = await db
    .select({ productId: productPhotos.productId, contentType: productPhotos.contentType, data: productPhotos.data })
    .from(productPhotos)
    .where(and(eq(productPhotos.organizationId, organizationId), inArray(productPhotos.productId, [...productIds])))
    .orderBy(asc(productPhotos.position));
  for (const r of rows)
    if (!covers.has(r.productId)) covers.set(r.productId, { bytes: r.data, contentType: r.contentType });
  return covers;
}

/** Everything the PDF prints, read from the quote, its client, the organization's settings and logo. */
export async function quoteDocument(app: FastifyInstance, db: Db, row: QuoteRow): Promise<QuotePdfDocument> {
  const organizationId = row.organizationId;
  const lines = row.lines as QuoteLineInput[];
  const productIds = [...new Set(lines.flatMap((l) => (l.kind === 'product' ? [l.productId] : [])))];
  const [settings, logoRows, client, pricing, covers, source] = await Promise.all([
    loadSettings(db, organizationId),
    db.select().from(organizationLogos).where(eq(organizationLogos.organizationId, organizationId)),
    findClient(db, organizationId, row.clientId),
    printedPricing(app, db, row),
    productCovers(db, organizationId, productIds),
    row.revisionOf ? findQuote(db, organizationId, row.revisionOf) : null,
  ]);
  const today = todayInParis(app.now());
  const issuedOn = row.issuedOn ?? today;
  const logo = logoRows[0];
  return {
    organization: {
      ...organizationIdentity(settings),
      logo: logo ? { bytes: Buffer.from(logo.dataBase64, 'base64'), contentType: logo.contentType } : null,
    },
    quote: {
      number: row.number,
      title: row.title,
      issuedOn,
      validUntil: row.validUntil ?? addDays(issuedOn, row.validityDays),
      validityDays: row.validityDays,
      isFree: row.isFree,
      quoteFeeInclVat: row.isFree ? null : row.quoteFee,
      paymentTerms: row.paymentTerms,
      deliveryTerms: row.deliveryTerms,
      notes: row.notes,
      revisionOf: source?.number ?? null,
    },
    client: client
      ? {
          displayName: clientNameOf(client),
          addressLines: [
            client.addressLine1 ?? '',
            client.addressLine2 ?? '',
            [client.postalCode, client.city].filter(Boolean).join(' '),
          ].filter((l) => l.trim() !== ''),
          email: client.email ?? '',
          phone: client.phoneMobile ?? client.phoneLandline ?? '',
        }
      : { displayName: row.clientName ?? '', addressLines: [], email: '', phone: '' },
    lines: pricing.lines.map((l, i) => {
      const input = lines[i];
      return {
        position: i + 1,
        label: l.label,
        description: l.description,
        quantity: l.quantity,
        unit: QUOTE_UNIT_LABELS[l.unit],
        unitPriceExclVat: l.unitPrice ?? '0',
        discountPct: l.discountPct === '0' ? null : l.discountPct,
        totalExclVat: l.total ?? '0',
        vatRatePct: l.vatRatePct,
        photo: input?.kind === 'product' ? (covers.get(input.productId) ?? null) : null,
      };
    }),
    totals: {
      exclVat: pricing.totalExclVat,
      vatByRate: pricing.vatByRate,
      vat: pricing.totalVat,
      inclVat: pricing.totalInclVat,
    },
  };
}

/** The PDF of a quote, and its file name ("devis-D-2026-0042.pdf", "devis-brouillon.pdf"). */
export async function quotePdf(
  app: FastifyInstance,
  db: Db,
  row: QuoteRow,
): Promise<{ bytes: Buffer; filename: string }> {
  const bytes = await renderQuotePdf(await quoteDocument(app, db, row));
  return { bytes, filename: `devis-${row.number ?? 'brouillon'}.pdf` };
}
