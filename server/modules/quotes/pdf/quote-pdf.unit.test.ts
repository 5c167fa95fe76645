import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderQuotePdf, type PdfImage, type QuotePdfDocument } from './quote-pdf';
import { samplePng, sampleQuoteDocument } from './sample-quote';

const tinyPng = (): PdfImage => samplePng(1, 1);

/** A 2×2 baseline JPEG, encoded once offline with the jpeg-js encoder. */
const TINY_JPEG: PdfImage = {
  contentType: 'image/jpeg',
  bytes: Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOpr4I9s/wD/2Q==',
    'base64',
  ),
};

/** RIFF....WEBP: a WebP signature and nothing readable after it. */
const FAKE_WEBP: PdfImage = {
  contentType: 'image/webp',
  bytes: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
};

/** A real image of one colour, encoded by sharp (`alpha`: half transparent). */
async function solidImage(format: 'webp' | 'jpeg' | 'png', width: number, height: number, alpha = false) {
  const background = { r: 200, g: 0, b: 0, alpha: alpha ? 0.5 : 1 };
  const bytes = await sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
    .toFormat(format)
    .toBuffer();
  return { bytes, contentType: `image/${format}` } satisfies PdfImage;
}

/** The sample quote as a paid revision, its first line discounted with a photo, and fixed totals. */
function quoteDocument(lineCount: number, change: (doc: QuotePdfDocument) => void = () => {}): QuotePdfDocument {
  const doc = sampleQuoteDocument(lineCount, tinyPng());
  Object.assign(doc.quote, {
    number: 'D-2026-0042-R1',
    isFree: false,
    quoteFeeInclVat: '50',
    revisionOf: 'D-2026-0042',
  });
  Object.assign(doc.lines[0]!, { discountPct: '10', photo: TINY_JPEG });
  doc.totals = {
    exclVat: '7407',
    vatByRate: [{ ratePct: '20', base: '7407', amount: '1481.4' }],
    vat: '1481.4',
    inclVat: '8888.4',
  };
  change(doc);
  return doc;
}

interface Rendered {
  bytes: Buffer;
  /** Each page's text, every run of spaces (including no-break ones) as one plain space. */
  pages: string[];
  text: string;
}

async function render(doc: QuotePdfDocument): Promise<Rendered> {
  const bytes = await renderQuotePdf(doc);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const pages = text.map((page) => page.replace(/\s+/g, ' '));
  return { bytes, pages, text: pages.join(' ') };
}

const count = (bytes: Buffer, pattern: RegExp) => (bytes.toString('latin1').match(pattern) ?? []).length;

describe('renderQuotePdf', () => {
  let short: Rendered;
  let long: Rendered;
  beforeAll(async () => {
    short = await render(quoteDocument(3));
    long = await render(quoteDocument(60));
  }, 60_000);

  it('writes a PDF with its fonts embedded', () => {
    expect(short.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(count(short.bytes, /\/FontFile2/g)).toBeGreaterThanOrEqual(1);
  });

  it('prints every mention of a quote, accents included', () => {
    for (const mention of [
      'Bijouterie Élégance',
      'SARL',
      '12 rue de la Paix',
      '75002 Paris',
      'SIREN : 552100554',
      'SIRET : 55210055400013',
      'RCS Paris 552 100 554',
      'TVA intracommunautaire : FR72552100554',
      'E-mail : contact@elegance.fr',
      'Tél. : 01 23 45 67 89',
      'DEVIS n° D-2026-0042-R1',
      'Révision du devis D-2026-0042',
      'Date : 25/11/2026',
      "Valable jusqu'au 25/12/2026 (30 jours)",
      'Hélène Français',
      '69001 Lyon',
      'Objet : Parure de mariage',
      'Désignation',
      'Qté',
      'Unité',
      'PU HT',
      'Remise',
      'Total HT',
      'TVA %',
      'Boucles d’oreilles é à ç',
      'serti griffes — finition polie miroir',
      'pièce',
      'TVA 20 % sur base 7 407,00 €',
      'Total TVA',
      'Total TTC',
      'Conditions de paiement',
      'Acompte de 30 % à la commande, solde à la livraison.',
      'Délais de livraison',
      'Quatre semaines après acceptation.',
      'Gravure offerte.',
      'Devis payant : 50,00 € TTC',
      'Bon pour accord — date et signature du client',
      'Page 1 / 1',
    ]) {
      expect(short.text).toContain(mention);
    }
  });

  it('prints amounts and rates in French format', () => {
    expect(short.text).toContain('1 234,50 €');
    expect(short.text).toContain('2 469,00 €');
    expect(short.text).toContain('8 888,40 €');
    expect(short.text).toContain('10 %');
    expect(short.text).not.toMatch(/1234\.5|8888\.4/);
  });

  it('prints the legal line in the footer of every page', () => {
    for (const page of long.pages) {
      expect(page).toContain(
        'Bijouterie Élégance — SARL — SIREN 552100554 — RCS Paris 552 100 554 — TVA FR72552100554',
      );
    }
  });

  it('breaks a long quote into numbered pages, the table header repeated on each', () => {
    const total = long.pages.length;
    expect(total).toBeGreaterThanOrEqual(2);
    long.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} / ${total}`);
      // Every page holding lines opens with the table header (the last one may hold only the signature).
      if (page.includes('Bague solitaire')) expect(page).toContain('Désignation Qté Unité PU HT Remise Total HT TVA %');
    });
    expect(long.pages.filter((page) => page.includes('Désignation')).length).toBeGreaterThanOrEqual(2);
    expect(long.text).toContain('Bague solitaire n° 60');
  });

  it('embeds a PNG logo and a JPEG line photo', () => {
    expect(count(short.bytes, /\/Subtype\s*\/Image/g)).toBe(2);
    expect(count(short.bytes, /\/DCTDecode/g)).toBe(1);
  });

  it('embeds a small JPEG or PNG as it is', () => {
    expect(short.bytes.includes(Buffer.from(TINY_JPEG.bytes))).toBe(true);
  });

  it('embeds a WebP photo, converted to JPEG', async () => {
    const webp = await solidImage('webp', 20, 20);
    const { bytes } = await render(
      quoteDocument(1, (doc) => {
        doc.lines[0]!.photo = webp;
      }),
    );
    expect(count(bytes, /\/Subtype\s*\/Image/g)).toBe(2); // the PNG logo and the photo
    expect(count(bytes, /\/DCTDecode/g)).toBe(1);
    expect(count(bytes, /\/Width 20\s*\/Height 20\b/g)).toBe(1);
  });

  it('embeds a transparent WebP logo as a PNG, its transparency kept', async () => {
    const webp = await solidImage('webp', 40, 20, true);
    const { bytes } = await render(
      quoteDocument(1, (doc) => {
        doc.organization.logo = webp;
        doc.lines[0]!.photo = null;
      }),
    );
    expect(count(bytes, /\/Subtype\s*\/Image/g)).toBe(2); // the image and its soft mask
    expect(count(bytes, /\/SMask/g)).toBe(1);
    expect(count(bytes, /\/DCTDecode/g)).toBe(0);
  });

  it('embeds a photo shown on several lines once', async () => {
    const webp = await solidImage('webp', 20, 20);
    const copy: PdfImage = { ...webp, bytes: Buffer.from(webp.bytes) };
    const { bytes } = await render(
      quoteDocument(3, (doc) => {
        doc.lines[0]!.photo = webp;
        doc.lines[1]!.photo = webp;
        doc.lines[2]!.photo = copy;
      }),
    );
    expect(count(bytes, /\/Subtype\s*\/Image/g)).toBe(2); // the logo and the photo
    expect(count(bytes, /\/DCTDecode/g)).toBe(1);
  });

  it('scales a large photo down to 600 px on its long side', async () => {
    const large = await solidImage('jpeg', 1500, 1000);
    const { bytes } = await render(
      quoteDocument(1, (doc) => {
        doc.lines[0]!.photo = large;
      }),
    );
    expect(count(bytes, /\/Width 600\s*\/Height 400\b/g)).toBe(1);
    expect(count(bytes, /\/Width 1500\b/g)).toBe(0);
  });

  it('leaves a corrupt image out quietly', async () => {
    const png = await solidImage('png', 40, 40, true);
    const corruptPng = Buffer.from(png.bytes);
    const idat = corruptPng.indexOf('IDAT') + 4;
    corruptPng.fill(0x55, idat + 2, idat + corruptPng.readUInt32BE(idat - 8)); // header intact, pixels garbled
    const { bytes, text } = await render(
      quoteDocument(3, (doc) => {
        doc.organization.logo = FAKE_WEBP;
        doc.lines[0]!.photo = FAKE_WEBP;
        doc.lines[1]!.photo = { contentType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) };
        doc.lines[2]!.photo = { contentType: 'image/png', bytes: corruptPng };
      }),
    );
    expect(count(bytes, /\/Subtype\s*\/Image/g)).toBe(0);
    expect(text).toContain('Boucles d’oreilles é à ç');
  });

  it('prints a draft as such', async () => {
    const { text } = await render(
      quoteDocument(1, (doc) => {
        doc.quote.number = null;
        doc.quote.revisionOf = null;
      }),
    );
    expect(text).toContain('BROUILLON');
    expect(text).toContain('Brouillon — sans valeur contractuelle');
    expect(text).not.toContain('DEVIS n°');
    expect(text).not.toContain('Révision');
    expect(short.text).not.toContain('BROUILLON');
  });

  it('leaves empty identity fields out and prints a free quote', async () => {
    const { text } = await render(
      quoteDocument(1, (doc) => {
        Object.assign(doc.organization, { siren: '', siret: '', rcsRm: '', vatNumber: '', email: '', legalForm: '' });
        Object.assign(doc.quote, { isFree: true, quoteFeeInclVat: null, notes: '', title: '' });
        doc.organization.logo = null;
      }),
    );
    for (const absent of [
      'SIREN',
      'SIRET',
      'RCS',
      'TVA intracommunautaire',
      'E-mail',
      'SARL',
      'Objet',
      'Devis payant',
    ]) {
      expect(text).not.toContain(absent);
    }
    expect(text).toContain('Devis gratuit');
    expect(text).toContain('Tél. : 01 23 45 67 89');
  });
});
