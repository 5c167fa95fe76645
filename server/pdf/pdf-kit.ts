/**
 * What every PDF of the application shares (the quote, the gold buy-back contract and receipt, the police
 * register): pdfmake with the Roboto TTF files shipped inside its package, embedded (subset) in every file so
 * accents print; the A4 page with the organization's legal line and the page number in the footer; French
 * money and Paris dates in the characters Roboto has; the organization's identity. Pure: no database, no
 * network, no clock.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type {
  Content,
  CustomTableLayout,
  DynamicContent,
  PageOrientation,
  TDocumentDefinitions,
  Watermark,
} from 'pdfmake/interfaces';
import { csvDate, csvDateTime } from '@shared/csv-format';
import { formatEuro, formatNumber } from '@shared/format';
import type { OrganizationIdentity } from '@shared/schemas/quotes';
import { embedImages } from './pdf-images';

export interface PdfImage {
  bytes: Uint8Array;
  contentType: string;
}

/** The organization as the documents print it (from the settings). */
export interface PdfOrganization extends OrganizationIdentity {
  logo: PdfImage | null;
}

// pdfmake is CommonJS assigning one instance to module.exports: Node's ESM loader finds no named exports
// in it, so it is loaded through require (the types describe that instance).
const requireCjs = createRequire(import.meta.url);
const pdfmake = requireCjs('pdfmake') as typeof PdfMake;
const FONT_DIR = path.dirname(requireCjs.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
// Fully offline: never fetch a URL, read no file but the fonts (images come in as bytes).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.dirname(file) === FONT_DIR);

/** The PDF bytes of a pdfmake document. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}

/** One millimetre in PDF points. */
export const MM = 72 / 25.4;
export const GREY = '#555555';
export const RULE = '#bbbbbb';
/** Legal forms printed as such; "Autre" means "none of the list" and is not a legal form to print. */
const UNPRINTED_LEGAL_FORMS = new Set(['', 'Autre']);

/**
 * shared/format.ts groups thousands with U+202F (narrow no-break space), which Roboto has no glyph for;
 * U+00A0 (no-break space, which it has) keeps "1 234,50 €" on one line. Applied to amounts and free text.
 */
export const printable = (text: string): string => text.replace(/\u202f/g, '\u00a0');
export const euro = (value: string | null): string => printable(formatEuro(value));
/** A decimal string with exactly `decimals` decimals, French style: "1 234,500". */
export const printableNumber = (value: string, decimals: number): string => printable(formatNumber(value, decimals));
/** A calendar day ("1970-05-04") or the Paris day of an instant, as dd/mm/yyyy. */
export const day = (value: string | null | undefined): string => csvDate(value ?? '');
/** The Paris date and hour of an instant: "02/03/2026 à 10:00". */
export function dateAndHour(value: string | null | undefined): string {
  const text = csvDateTime(value ?? '');
  return text ? text.replace(' ', ' à ') : '';
}

/** Non-empty strings only: an empty identity field is left out, never printed as "SIRET : ". */
export const present = (...values: Array<string | false | null | undefined>): string[] =>
  values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map(printable);

export const legalFormOf = (org: PdfOrganization): string =>
  UNPRINTED_LEGAL_FORMS.has(org.legalForm) ? '' : org.legalForm;

/** The first identity lines of every document: legal form, address, "SIREN : … — SIRET : …". */
export function registrationLines(org: PdfOrganization): string[] {
  const ids = present(org.siren && `SIREN : ${org.siren}`, org.siret && `SIRET : ${org.siret}`).join(' — ');
  return [...present(legalFormOf(org)), ...present(...org.addressLines), ...present(ids)];
}

/** How large a document prints the organization's logo and name. */
export interface OrganizationBlockSize {
  logoFit: [number, number];
  /** Space under the logo, in points. */
  logoGap: number;
  nameFontSize: number;
}

/** The organization's block: logo, legal name in bold, then its identity lines. */
export function organizationIdentityBlock(
  org: PdfOrganization,
  logo: string | null,
  lines: string[],
  size: OrganizationBlockSize,
): Content {
  return {
    stack: [
      ...(logo ? [{ image: logo, fit: size.logoFit, margin: [0, 0, 0, size.logoGap] } satisfies Content] : []),
      { text: printable(org.legalName), bold: true, fontSize: size.nameFontSize },
      ...lines,
    ],
  };
}

/** The one-line identity of a footer: name, legal form, the registration number given, RCS / RM, VAT number. */
export function organizationLegalLine(org: PdfOrganization, registration: string): string {
  return present(
    org.legalName,
    legalFormOf(org),
    registration,
    org.rcsRm,
    org.vatNumber && `TVA ${org.vatNumber}`,
  ).join(' — ');
}

/** The logo once as a data URL pdfmake embeds, or null (an unreadable logo is left out). */
export async function logoOf(org: PdfOrganization): Promise<{ images: Record<string, string>; logo: string | null }> {
  const { images, keyOf } = await embedImages([org.logo]);
  return { images, logo: keyOf(org.logo) };
}

/** A table with a grey header row and thin rules between rows, `padding` points above and under each cell. */
export const ruledTableLayout = (padding: number): CustomTableLayout => ({
  hLineWidth: (i) => (i === 0 ? 0 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  fillColor: (row) => (row === 0 ? '#eeeeee' : null),
  paddingTop: () => padding,
  paddingBottom: () => padding,
});

/** A box of thin rules around every cell. */
export const BOXED_LAYOUT: CustomTableLayout = {
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
};

/** The footer of every page: the organization's legal line on the left, the page number on the right. */
export interface PageFooter {
  legal: string;
  legalFontSize: number;
  /** The page number's text; "Page 2 / 3" when not given. */
  pageLabel?: (page: number, pages: number) => string;
  pageFontSize: number;
  /** Space above the footer line, in points. */
  top: number;
}

/** An A4 page: margins, the default font size and line height, the footer. */
export interface A4Page {
  orientation?: PageOrientation;
  /** Left, top, right, bottom, in points; the footer keeps the left and right margins. */
  margins: [number, number, number, number];
  fontSize: number;
  lineHeight: number;
  footer: PageFooter;
}

/** A document in Roboto on A4 pages with the footer of `page`. */
export function a4Document(
  page: A4Page,
  document: {
    title: string;
    author: string;
    images: Record<string, string>;
    header?: DynamicContent;
    watermark?: Watermark;
    content: Content;
  },
): TDocumentDefinitions {
  const [left, , right] = page.margins;
  const { footer } = page;
  const pageLabel = footer.pageLabel ?? ((current: number, pages: number) => `Page ${current} / ${pages}`);
  return {
    pageSize: 'A4',
    ...(page.orientation ? { pageOrientation: page.orientation } : {}),
    pageMargins: page.margins,
    info: { title: document.title, author: document.author },
    defaultStyle: { font: 'Roboto', fontSize: page.fontSize, lineHeight: page.lineHeight },
    images: document.images,
    ...(document.header ? { header: document.header } : {}),
    ...(document.watermark ? { watermark: document.watermark } : {}),
    footer: (current, pages) => ({
      columns: [
        { text: footer.legal, fontSize: footer.legalFontSize, color: GREY },
        { text: pageLabel(current, pages), fontSize: footer.pageFontSize, alignment: 'right', width: 'auto' },
      ],
      columnGap: 12,
      margin: [left, footer.top, right, 0],
    }),
    content: document.content,
  };
}
