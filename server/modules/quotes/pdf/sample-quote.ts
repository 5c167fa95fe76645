import { crc32, deflateSync } from 'node:zlib';
import type { PdfImage, QuotePdfDocument } from './quote-pdf';

/** A valid RGB PNG of one colour built from its chunks (a logo for the tests and the bench). */
export function samplePng(width = 1, height = 1): PdfImage {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xb0)]); // filter byte, then the pixels
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes, contentType: 'image/png' };
}

/**
 * A quote with `lineCount` lines, French accents and every mention filled (the PDF's tests and bench):
 * each line 2 × 1 234,50 € = 2 469,00 € HT at 20 %.
 */
export function sampleQuoteDocument(lineCount: number, logo: PdfImage | null = samplePng()): QuotePdfDocument {
  const exclVat = (2469 * lineCount).toFixed(2);
  const vat = (2469 * lineCount * 0.2).toFixed(2);
  return {
    organization: {
      legalName: 'Bijouterie Élégance',
      legalForm: 'SARL',
      addressLines: ['12 rue de la Paix', '75002 Paris'],
      siren: '552100554',
      siret: '55210055400013',
      rcsRm: 'RCS Paris 552 100 554',
      vatNumber: 'FR72552100554',
      email: 'contact@elegance.fr',
      phone: '01 23 45 67 89',
      logo,
    },
    quote: {
      number: 'D-2026-0042',
      title: 'Parure de mariage',
      issuedOn: '2026-11-25',
      validUntil: '2026-12-25',
      validityDays: 30,
      isFree: true,
      quoteFeeInclVat: null,
      paymentTerms: 'Acompte de 30 % à la commande, solde à la livraison.',
      deliveryTerms: 'Quatre semaines après acceptation.',
      notes: 'Gravure offerte.',
      revisionOf: null,
    },
    client: {
      displayName: 'Hélène Français',
      addressLines: ['3 place du Marché', '69001 Lyon'],
      email: 'helene@example.fr',
      phone: '06 12 34 56 78',
    },
    lines: Array.from({ length: lineCount }, (_, i) => ({
      position: i + 1,
      label: i === 0 ? 'Boucles d’oreilles é à ç' : `Bague solitaire n° ${i + 1}`,
      description: 'Or jaune 750, diamant 0,30 ct G VS1, serti griffes — finition polie miroir',
      quantity: '2',
      unit: 'pièce',
      unitPriceExclVat: '1234.5',
      discountPct: null,
      totalExclVat: '2469',
      vatRatePct: '20',
      photo: null,
    })),
    totals: {
      exclVat,
      vatByRate: [{ ratePct: '20', base: exclVat, amount: vat }],
      vat,
      inclVat: (Number(exclVat) + Number(vat)).toFixed(2),
    },
  };
}
