/**
 * The quote PDF: a pure renderer from already computed figures to A4 bytes (ADR 0010). No database, no
 * network, no clock: pdfmake, its fonts and the page come from the application's PDF kit (server/pdf/pdf-kit.ts).
 * The input holds no cost, coefficient or margin, so none can be printed.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { embedImages, type ImageKey } from '../../../pdf/pdf-images';
import {
  BOXED_LAYOUT,
  GREY,
  MM,
  RULE,
  a4Document,
  day,
  euro,
  organizationIdentityBlock,
  organizationLegalLine,
  present,
  printable,
  printableNumber,
  registrationLines,
  renderPdf,
  ruledTableLayout,
  type A4Page,
  type OrganizationBlockSize,
  type PdfImage,
  type PdfOrganization,
} from '../../../pdf/pdf-kit';

export type { PdfImage };

export interface QuotePdfDocument {
  organization: PdfOrganization;
  quote: {
    /** "D-2026-0042" or "D-2026-0042-R1"; null for a draft. */
    number: string | null;
    title: string;
    /** 'YYYY-MM-DD' */
    issuedOn: string;
    /** 'YYYY-MM-DD' */
    validUntil: string;
    validityDays: number;
    isFree: boolean;
    /** Decimal string, when the quote is not free. */
    quoteFeeInclVat: string | null;
    paymentTerms: string;
    deliveryTerms: string;
    notes: string;
    /** Number of the quote this one revises. */
    revisionOf: string | null;
  };
  client: { displayName: string; addressLines: string[]; email: string; phone: string };
  lines: Array<{
    position: number;
    label: string;
    description: string;
    quantity: string;
    /** 'pièce', 'g', 'ct', 'h', 'forfait' */
    unit: string;
    unitPriceExclVat: string;
    discountPct: string | null;
    totalExclVat: string;
    vatRatePct: string;
    photo: PdfImage | null;
  }>;
  totals: {
    exclVat: string;
    vatByRate: Array<{ ratePct: string; base: string; amount: string }>;
    vat: string;
    inclVat: string;
  };
}

const ORGANIZATION_BLOCK_SIZE: OrganizationBlockSize = { logoFit: [50 * MM, 25 * MM], logoGap: 6, nameFontSize: 11 };
const PHOTO_SIZE = 15 * MM;

/** "1.250" -> "1,25", "20" -> "20": the decimals the value has, at most `max`. */
function trimmedNumber(value: string, max: number): string {
  const fraction = (value.split('.')[1] ?? '').replace(/0+$/, '');
  return printableNumber(value, Math.min(max, fraction.length));
}
const percent = (value: string): string => `${trimmedNumber(value, 2)}\u00a0%`;

function organizationBlock(org: PdfOrganization, logo: string | null): Content {
  const lines = [
    ...registrationLines(org),
    ...present(org.rcsRm),
    ...present(org.vatNumber && `TVA intracommunautaire : ${org.vatNumber}`),
    ...present(org.email && `E-mail : ${org.email}`),
    ...present(org.phone && `Tél. : ${org.phone}`),
  ];
  return organizationIdentityBlock(org, logo, lines, ORGANIZATION_BLOCK_SIZE);
}

function quoteBlock(quote: QuotePdfDocument['quote']): Content {
  return {
    margin: [0, 0, 0, 10],
    stack: [
      { text: quote.number ? `DEVIS n° ${quote.number}` : 'DEVIS — BROUILLON', bold: true, fontSize: 16 },
      ...(quote.number ? [] : [{ text: 'Brouillon — sans valeur contractuelle', bold: true, color: '#b00020' }]),
      ...present(quote.revisionOf && `Révision du devis ${quote.revisionOf}`),
      { text: `Date : ${day(quote.issuedOn)}`, margin: [0, 4, 0, 0] },
      `Valable jusqu'au ${day(quote.validUntil)} (${quote.validityDays} jours)`,
    ],
  };
}

function clientBlock(client: QuotePdfDocument['client']): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: 'Client', color: GREY, fontSize: 8 },
              { text: printable(client.displayName), bold: true },
              ...present(...client.addressLines),
              ...present(client.email),
              ...present(client.phone),
            ],
            margin: [4, 4, 4, 4],
          },
        ],
      ],
    },
    layout: BOXED_LAYOUT,
  };
}

const TABLE_LAYOUT = ruledTableLayout(3);

function linesTable(lines: QuotePdfDocument['lines'], photoKeys: Map<number, string>): Content {
  const right = (text: string): TableCell => ({ text, alignment: 'right' });
  const header: TableCell[] = [
    { text: 'Désignation', bold: true },
    ...['Qté', 'Unité', 'PU HT', 'Remise', 'Total HT', 'TVA %'].map(
      (h) => ({ text: h, bold: true, alignment: 'right' }) as const,
    ),
  ];
  const rows = lines.map((line, index): TableCell[] => {
    const designation: Content = {
      stack: [
        { text: printable(line.label), bold: true },
        ...present(line.description).map((text) => ({ text, fontSize: 7.5, color: GREY })),
      ],
    };
    const photo = photoKeys.get(index);
    return [
      photo
        ? { columns: [{ image: photo, fit: [PHOTO_SIZE, PHOTO_SIZE], width: PHOTO_SIZE }, designation], columnGap: 6 }
        : designation,
      right(trimmedNumber(line.quantity, 3)),
      right(printable(line.unit)),
      right(euro(line.unitPriceExclVat)),
      right(line.discountPct !== null && Number(line.discountPct) !== 0 ? percent(line.discountPct) : ''),
      right(euro(line.totalExclVat)),
      right(percent(line.vatRatePct)),
    ];
  });
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ['*', 34, 38, 62, 40, 66, 36], body: [header, ...rows] },
    layout: TABLE_LAYOUT,
    margin: [0, 12, 0, 8],
  };
}

function totalsBlock(totals: QuotePdfDocument['totals']): Content {
  const row = (label: string, amount: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: euro(amount), bold, alignment: 'right' },
  ];
  return {
    columns: [
      { text: '', width: '*' },
      {
        width: 260,
        table: {
          widths: ['*', 'auto'],
          body: [
            row('Total HT', totals.exclVat),
            ...totals.vatByRate.map((v) => row(`TVA ${percent(v.ratePct)} sur base ${euro(v.base)}`, v.amount)),
            row('Total TVA', totals.vat),
            row('Total TTC', totals.inclVat, true),
          ],
        },
        layout: { ...TABLE_LAYOUT, fillColor: (row, node) => (row === node.table.body.length - 1 ? '#eeeeee' : null) },
      },
    ],
    unbreakable: true,
  };
}

function termsBlock(quote: QuotePdfDocument['quote']): Content[] {
  const section = (heading: string, text: string): Content[] =>
    present(text).map((body) => ({
      stack: [{ text: heading, bold: true }, body],
      margin: [0, 8, 0, 0],
      unbreakable: true,
    }));
  const fee = quote.isFree
    ? 'Devis gratuit'
    : `Devis payant${quote.quoteFeeInclVat ? ` : ${euro(quote.quoteFeeInclVat)} TTC` : ''}`;
  return [
    ...section('Conditions de paiement', quote.paymentTerms),
    ...section('Délais de livraison', quote.deliveryTerms),
    ...section('Notes', quote.notes),
    { text: fee, margin: [0, 8, 0, 0] },
  ];
}

// A function, not a constant: pdfmake writes its measurements into the nodes it lays out.
const signatureBlock = (): Content => ({
  columns: [
    { text: '', width: '*' },
    {
      width: 260,
      stack: [
        { text: 'Bon pour accord — date et signature du client', bold: true },
        { canvas: [{ type: 'rect', x: 0, y: 4, w: 260, h: 60, lineColor: RULE, lineWidth: 0.5 }] },
      ],
    },
  ],
  margin: [0, 16, 0, 0],
  unbreakable: true,
});

/** The one-line identity of the footer, with the SIREN. */
const legalLine = (org: PdfOrganization): string => organizationLegalLine(org, org.siren && `SIREN ${org.siren}`);

/** The document for pdfmake: `images` holds each image once, `keyOf` names the one a block shows. */
function definition(doc: QuotePdfDocument, images: Record<string, string>, keyOf: ImageKey): TDocumentDefinitions {
  const logo = keyOf(doc.organization.logo);
  const lines = [...doc.lines].sort((a, b) => a.position - b.position);
  const photoKeys = new Map<number, string>();
  lines.forEach((line, index) => {
    const key = keyOf(line.photo);
    if (key) photoKeys.set(index, key);
  });
  const page: A4Page = {
    margins: [40, 40, 40, 56],
    fontSize: 8.5,
    lineHeight: 1.15,
    footer: {
      legal: legalLine(doc.organization),
      legalFontSize: 7,
      pageFontSize: 7,
      top: 20,
    },
  };
  return a4Document(page, {
    title: `Devis ${doc.quote.number ?? 'brouillon'}`,
    author: doc.organization.legalName,
    images,
    ...(doc.quote.number ? {} : { watermark: { text: 'BROUILLON', color: '#b00020', opacity: 0.08, bold: true } }),
    content: [
      {
        columns: [
          organizationBlock(doc.organization, logo),
          { width: 230, stack: [quoteBlock(doc.quote), clientBlock(doc.client)] },
        ],
        columnGap: 16,
      },
      ...present(doc.quote.title).map((title): Content => ({
        text: `Objet : ${title}`,
        bold: true,
        margin: [0, 12, 0, 0],
      })),
      linesTable(lines, photoKeys),
      totalsBlock(doc.totals),
      ...termsBlock(doc.quote),
      signatureBlock(),
    ],
  });
}

/**
 * The quote as a PDF (A4, French). Amounts arrive computed, as decimal strings. Images arrive as bytes
 * (JPEG, PNG or WebP): each distinct one is converted once for the PDF (pdf-images.ts), and one that
 * cannot be read is left out quietly, the quote prints without it.
 */
export async function renderQuotePdf(doc: QuotePdfDocument): Promise<Buffer> {
  const { images, keyOf } = await embedImages([doc.organization.logo, ...doc.lines.map((line) => line.photo)]);
  return renderPdf(definition(doc, images, keyOf));
}
