/**
 * What the gold buy-back PDFs (contract, receipt, police register) share on top of the application's PDF kit
 * (server/pdf/pdf-kit.ts): weights to the milligram, market prices, the organization's identity block and
 * footer line as these documents print them, their tables and headings. Pure: no database, no network, no clock.
 */
import type { Content } from 'pdfmake/interfaces';
import {
  MM,
  organizationIdentityBlock,
  organizationLegalLine,
  present,
  printableNumber,
  registrationLines,
  ruledTableLayout,
  type OrganizationBlockSize,
  type PdfOrganization,
} from '../../../pdf/pdf-kit';

/** The shop as the documents print it (from the settings). */
export type GoldBuyPdfOrganization = PdfOrganization;

const ORGANIZATION_BLOCK_SIZE: OrganizationBlockSize = { logoFit: [45 * MM, 22 * MM], logoGap: 4, nameFontSize: 10.5 };

/** An amount without its currency sign, for a column headed "(EUR)": "1 234,50". */
export const amount = (value: string): string => printableNumber(value, 2);
/** A weight in grams with its 3 decimals ("10,400"): the register's precision, to the milligram. */
export const grams = (value: string): string => printableNumber(value, 3);
/** A market price per gram: at least 2 decimals, up to 4 when it has them ("0,8123"). */
export function marketValue(value: string): string {
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return printableNumber(value, Math.min(4, Math.max(2, decimals)));
}
/** "0.755" -> "0,755". */
export const plainDecimal = (value: string): string => value.replace('.', ',');
/** "11.5" -> "11,5 %". */
export const percent = (value: string): string => `${plainDecimal(value)}\u00a0%`;

/** The shop's identity lines: name, legal form, address, SIREN/SIRET, RCS/RM, VAT number, contact. */
export function organizationLines(org: GoldBuyPdfOrganization): string[] {
  return [
    ...registrationLines(org),
    ...present(org.rcsRm && `RCS / RM : ${org.rcsRm}`),
    ...present(org.vatNumber && `TVA intracommunautaire : ${org.vatNumber}`),
    ...present([org.phone && `Tél. : ${org.phone}`, org.email && `E-mail : ${org.email}`].filter(Boolean).join(' — ')),
  ];
}

/** The shop's block: logo, legal name in bold, then its identity lines. */
export function organizationBlock(org: GoldBuyPdfOrganization, logo: string | null): Content {
  return organizationIdentityBlock(org, logo, organizationLines(org), ORGANIZATION_BLOCK_SIZE);
}

/** The one-line identity of the footer, with the SIRET (the SIREN when there is none). */
export function legalLine(org: GoldBuyPdfOrganization): string {
  return organizationLegalLine(org, org.siret ? `SIRET ${org.siret}` : org.siren && `SIREN ${org.siren}`);
}

export const TABLE_LAYOUT = ruledTableLayout(2);

/** A heading inside a document. */
export const heading = (text: string): Content => ({ text, bold: true, fontSize: 9.5, margin: [0, 8, 0, 3] });
