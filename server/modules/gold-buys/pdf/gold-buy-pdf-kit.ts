/**
 * What the gold buy-back PDFs (contract, receipt, police register) share: pdfmake with the Roboto fonts shipped
 * in its package, embedded (subset) in every file so accents print; French formats of money, weights and Paris
 * dates; the organization's identity block. Pure: no database, no network, no clock.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import { csvDate, csvDateTime } from '@shared/csv-format';
import { formatEuro, formatNumber } from '@shared/format';
import { embedImages } from '../../quotes/pdf/pdf-images';

export interface GoldBuyPdfImage {
  bytes: Uint8Array;
  contentType: string;
}

/** The shop as the documents print it (from the settings). */
export interface GoldBuyPdfOrganization {
  legalName: string;
  legalForm: string;
  addressLines: string[];
  siren: string;
  siret: string;
  rcsRm: string;
  vatNumber: string;
  email: string;
  phone: string;
  logo: GoldBuyPdfImage | null;
}

// pdfmake is CommonJS assigning one instance to module.exports: it is loaded through require.
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

export const MM = 72 / 25.4;
export const GREY = '#555555';
export const RULE = '#bbbbbb';
const LOGO_FIT: [number, number] = [45 * MM, 22 * MM];
/** Legal forms printed as such; "Autre" means "none of the list" and is not a legal form to print. */
const UNPRINTED_LEGAL_FORMS = new Set(['', 'Autre']);

/**
 * shared/format.ts groups thousands with U+202F (narrow no-break space), which Roboto has no glyph for;
 * U+00A0 (no-break space, which it has) keeps "1 234,50 €" on one line.
 */
export const printable = (text: string): string => text.replace(/\u202f/g, '\u00a0');
export const euro = (value: string | null): string => printable(formatEuro(value));
/** An amount without its currency sign, for a column headed "(EUR)": "1 234,50". */
export const amount = (value: string): string => printable(formatNumber(value, 2));
/** A weight in grams with its 3 decimals ("10,400"): the register's precision, to the milligram. */
export const grams = (value: string): string => printable(formatNumber(value, 3));
/** A market price per gram: at least 2 decimals, up to 4 when it has them ("0,8123"). */
export function marketValue(value: string): string {
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return printable(formatNumber(value, Math.min(4, Math.max(2, decimals))));
}
/** "0.755" -> "0,755". */
export const plainDecimal = (value: string): string => value.replace('.', ',');
/** "11.5" -> "11,5 %". */
export const percent = (value: string): string => `${plainDecimal(value)}\u00a0%`;
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

export const legalFormOf = (org: GoldBuyPdfOrganization): string =>
  UNPRINTED_LEGAL_FORMS.has(org.legalForm) ? '' : org.legalForm;

/** The shop's identity lines: name, legal form, address, SIREN/SIRET, RCS/RM, VAT number, contact. */
export function organizationLines(org: GoldBuyPdfOrganization): string[] {
  const ids = present(org.siren && `SIREN : ${org.siren}`, org.siret && `SIRET : ${org.siret}`).join(' — ');
  return [
    ...present(legalFormOf(org)),
    ...present(...org.addressLines),
    ...present(ids),
    ...present(org.rcsRm && `RCS / RM : ${org.rcsRm}`),
    ...present(org.vatNumber && `TVA intracommunautaire : ${org.vatNumber}`),
    ...present([org.phone && `Tél. : ${org.phone}`, org.email && `E-mail : ${org.email}`].filter(Boolean).join(' — ')),
  ];
}

/** The shop's block: logo, legal name in bold, then its identity lines. */
export function organizationBlock(org: GoldBuyPdfOrganization, logo: string | null): Content {
  return {
    stack: [
      ...(logo ? [{ image: logo, fit: LOGO_FIT, margin: [0, 0, 0, 4] } satisfies Content] : []),
      { text: printable(org.legalName), bold: true, fontSize: 10.5 },
      ...organizationLines(org),
    ],
  };
}

/** The one-line identity of the footer. */
export function legalLine(org: GoldBuyPdfOrganization): string {
  return present(
    org.legalName,
    legalFormOf(org),
    org.siret ? `SIRET ${org.siret}` : org.siren && `SIREN ${org.siren}`,
    org.rcsRm,
    org.vatNumber && `TVA ${org.vatNumber}`,
  ).join(' — ');
}

export const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i) => (i === 0 ? 0 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  fillColor: (row) => (row === 0 ? '#eeeeee' : null),
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

export const BOXED_LAYOUT: CustomTableLayout = {
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
};

/** A heading inside a document. */
export const heading = (text: string): Content => ({ text, bold: true, fontSize: 9.5, margin: [0, 8, 0, 3] });

/** The logo once as a data URL pdfmake embeds, or null (an unreadable logo is left out). */
export async function logoOf(
  org: GoldBuyPdfOrganization,
): Promise<{ images: Record<string, string>; logo: string | null }> {
  const { images, keyOf } = await embedImages([org.logo]);
  return { images, logo: keyOf(org.logo) };
}

/** The PDF bytes of a pdfmake document. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}
