import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policeRegisterQuerySchema } from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { organizationLogos } from '../../db/schema';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { loadSettings } from '../settings/settings.store';
import { organizationIdentity } from '../quotes/quote-document';
import { actorOf, findGoldBuy, goldBuyIdOf } from './gold-buy.repository';
import { goldBuyDetail } from './gold-buy-view';
import { GOLD_BUYS_READ } from './gold-buys.routes';
import { registerEntries, totalsOf } from './police-register.routes';
import { renderGoldBuyContractPdf, renderGoldBuyReceiptPdf } from './pdf/gold-buy-contract-pdf';
import type { GoldBuyPdfOrganization } from './pdf/gold-buy-pdf-kit';
import { renderPoliceRegisterPdf } from './pdf/police-register-pdf';

export const CONTRACT_OF_DRAFT = "Validez l'achat pour éditer le contrat";
export const RECEIPT_BEFORE_PAYMENT = "Le reçu s'édite une fois l'achat payé";

/** The shop as its documents print it: the identity from the settings and the logo. */
async function organizationOf(db: Db, organizationId: string): Promise<GoldBuyPdfOrganization> {
  const [settings, logoRows] = await Promise.all([
    loadSettings(db, organizationId),
    db.select().from(organizationLogos).where(eq(organizationLogos.organizationId, organizationId)),
  ]);
  const logo = logoRows[0];
  return {
    ...organizationIdentity(settings),
    logo: logo ? { bytes: Buffer.from(logo.dataBase64, 'base64'), contentType: logo.contentType } : null,
  };
}

function sendPdf(reply: FastifyReply, request: FastifyRequest, bytes: Buffer, filename: string) {
  const download = (request.query as { download?: string } | undefined)?.download === '1';
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * The printed documents: a signed purchase's contract (two copies with the withdrawal form), the receipt once
 * paid, and the police register extract of a period. `?download=1` asks for an attachment, else inline.
 */
export function registerGoldBuyDocumentRoutes(app: FastifyInstance): void {
  app.get('/api/gold-buys/:id/contract.pdf', GOLD_BUYS_READ, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const row = await findGoldBuy(app.db, organizationId, goldBuyIdOf(request));
    if (row.status === 'draft' || !row.number || !row.signedAt) throw new AppError('CONFLICT', CONTRACT_OF_DRAFT);
    const [buy, organization] = await Promise.all([
      goldBuyDetail(app, request, row),
      organizationOf(app.db, organizationId),
    ]);
    const bytes = await renderGoldBuyContractPdf({
      organization,
      buy,
      correctionOfNumber: buy.correctionOf?.number ?? null,
    });
    return sendPdf(reply, request, bytes, `contrat-${row.number}.pdf`);
  });

  app.get('/api/gold-buys/:id/receipt.pdf', GOLD_BUYS_READ, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const row = await findGoldBuy(app.db, organizationId, goldBuyIdOf(request));
    if (!row.paidAt || !row.number) throw new AppError('CONFLICT', RECEIPT_BEFORE_PAYMENT);
    const [buy, organization] = await Promise.all([
      goldBuyDetail(app, request, row),
      organizationOf(app.db, organizationId),
    ]);
    const bytes = await renderGoldBuyReceiptPdf({ organization, buy });
    return sendPdf(reply, request, bytes, `recu-${row.number}.pdf`);
  });

  app.get('/api/gold-buys/register.pdf', GOLD_BUYS_READ, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const { from, to } = parseInput(policeRegisterQuerySchema, request.query);
    const entries = await registerEntries(app.db, organizationId, from, to);
    const organization = await organizationOf(app.db, organizationId);
    const bytes = await renderPoliceRegisterPdf({
      organization,
      from,
      to,
      printedAt: app.now().toISOString(),
      printedBy: actorOf(request).actor,
      entries,
      totals: totalsOf(entries),
    });
    return sendPdf(reply, request, bytes, `livre-de-police-${from}-${to}.pdf`);
  });
}
