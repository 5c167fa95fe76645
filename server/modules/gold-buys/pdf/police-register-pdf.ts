/**
 * The police register extract ("livre de police") of a day or a period as a PDF, for a police or customs check:
 * A4 landscape, every column of the CSV export, the weight totals per metal and fineness, the shop's identity and
 * the period in the header, page numbers. A pure renderer: the entries arrive read and totalled.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  GOLD_BUY_METAL_LABELS,
  REGISTER_DESTINATION_LABELS,
  type PoliceRegisterAnswer,
  type PoliceRegisterEntry,
} from '@shared/schemas/gold-buys';
import { GREY, a4Document, dateAndHour, day, logoOf, printable, renderPdf, type A4Page } from '../../../pdf/pdf-kit';
import {
  TABLE_LAYOUT,
  amount,
  grams,
  legalLine,
  organizationBlock,
  type GoldBuyPdfOrganization,
} from './gold-buy-pdf-kit';

export interface PoliceRegisterPdfDocument {
  organization: GoldBuyPdfOrganization;
  /** 'YYYY-MM-DD', both included (Paris days). */
  from: string;
  to: string;
  /** When the extract is printed (ISO instant). */
  printedAt: string;
  /** Who prints it. */
  printedBy: string;
  entries: readonly PoliceRegisterEntry[];
  totals: PoliceRegisterAnswer['totals'];
}

const COLUMNS: ReadonlyArray<{
  header: string;
  width: number | '*';
  right?: boolean;
  value: (e: PoliceRegisterPdfDocument['entries'][number]) => string;
}> = [
  { header: 'N°', width: 24, right: true, value: (e) => String(e.number) },
  { header: 'Date et heure', width: 44, value: (e) => dateAndHour(e.entryAt).replace(' à ', ' ') },
  { header: 'Mouvement', width: 38, value: (e) => (e.direction === 'in' ? 'Entrée' : 'Sortie') },
  { header: 'Destination', width: 40, value: (e) => (e.destination ? REGISTER_DESTINATION_LABELS[e.destination] : '') },
  {
    header: 'Réf. entrée',
    width: 28,
    right: true,
    value: (e) => (e.refersTo === null ? '' : `n° ${e.refersTo}`),
  },
  { header: 'Contrat', width: 46, value: (e) => e.goldBuyNumber },
  { header: 'Nature et description', width: '*', value: (e) => e.description },
  { header: 'Métal', width: 30, value: (e) => GOLD_BUY_METAL_LABELS[e.metal] },
  { header: 'Titre (millièmes)', width: 38, right: true, value: (e) => String(e.fineness) },
  { header: 'Poids (g)', width: 38, right: true, value: (e) => grams(e.weightG) },
  { header: 'Prix (EUR)', width: 40, right: true, value: (e) => (e.price === null ? '' : amount(e.price)) },
  { header: 'Provenance', width: 50, value: (e) => e.origin },
  { header: 'Identité du vendeur', width: '*', value: (e) => e.sellerIdentity },
  { header: 'Pièce d’identité', width: 84, value: (e) => e.sellerDocument },
  { header: 'Enregistré par', width: 46, value: (e) => e.recordedByName },
];

const periodText = (from: string, to: string): string =>
  from === to ? `Journée du ${day(from)}` : `Période du ${day(from)} au ${day(to)}`;

function entriesTable(doc: PoliceRegisterPdfDocument): Content {
  const header: TableCell[] = COLUMNS.map((c) => ({
    text: c.header,
    bold: true,
    alignment: c.right ? 'right' : 'left',
  }));
  const rows = doc.entries.map((e): TableCell[] =>
    COLUMNS.map((c) => ({ text: printable(c.value(e)), alignment: c.right ? 'right' : 'left' })),
  );
  const empty: TableCell[] = [
    { text: 'Aucune entrée sur la période.', colSpan: COLUMNS.length, italics: true },
    ...COLUMNS.slice(1).map((): TableCell => ''),
  ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: COLUMNS.map((c) => c.width),
      body: [header, ...(rows.length > 0 ? rows : [empty])],
    },
    layout: { ...TABLE_LAYOUT, paddingLeft: () => 2, paddingRight: () => 2 },
    fontSize: 6.5,
  };
}

function totalsTable(doc: PoliceRegisterPdfDocument): Content {
  const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
  const rows = doc.totals.map((t): TableCell[] => [
    GOLD_BUY_METAL_LABELS[t.metal],
    right(String(t.fineness)),
    right(String(t.count)),
    right(`${grams(t.weightG)} g`),
  ]);
  const ins = doc.entries.filter((e) => e.direction === 'in').length;
  const outs = doc.entries.length - ins;
  return {
    unbreakable: true,
    margin: [0, 10, 0, 0],
    stack: [
      { text: 'Totaux des entrées par métal et titre', bold: true, margin: [0, 0, 0, 3] },
      {
        table: {
          headerRows: 1,
          widths: [80, 70, 60, 100],
          body: [
            [
              { text: 'Métal', bold: true },
              right('Titre (millièmes)', true),
              right('Objets', true),
              right('Poids total', true),
            ],
            ...(rows.length > 0 ? rows : [[{ text: 'Aucune entrée', colSpan: 4, italics: true }, '', '', '']]),
          ],
        },
        layout: TABLE_LAYOUT,
      },
      {
        text: `${doc.entries.length} écriture(s) : ${ins} entrée(s), ${outs} sortie(s).`,
        color: GREY,
        margin: [0, 3, 0, 0],
      },
    ],
  };
}

/** The extract as a PDF (A4 landscape, French). */
export async function renderPoliceRegisterPdf(doc: PoliceRegisterPdfDocument): Promise<Buffer> {
  const { images, logo } = await logoOf(doc.organization);
  const period = periodText(doc.from, doc.to);
  const page: A4Page = {
    orientation: 'landscape',
    margins: [28, 28, 28, 40],
    fontSize: 7.5,
    lineHeight: 1.1,
    footer: {
      legal: legalLine(doc.organization),
      legalFontSize: 6.5,
      pageFontSize: 7,
      top: 14,
    },
  };
  return renderPdf(
    a4Document(page, {
      title: `Livre de police — ${period}`,
      author: doc.organization.legalName,
      images,
      header: (current) =>
        current === 1
          ? null
          : {
              text: printable(`${doc.organization.legalName} — Livre de police — ${period}`),
              fontSize: 7,
              color: GREY,
              margin: [28, 14, 28, 0],
            },
      content: [
        {
          columns: [
            organizationBlock(doc.organization, logo),
            {
              width: 300,
              stack: [
                { text: 'LIVRE DE POLICE', bold: true, fontSize: 14 },
                { text: 'Registre des objets en métaux précieux achetés à des particuliers', bold: true },
                { text: period, bold: true, fontSize: 10, margin: [0, 4, 0, 0] },
                {
                  text: printable(`Extrait édité le ${dateAndHour(doc.printedAt)} par ${doc.printedBy}`),
                  color: GREY,
                },
                {
                  text:
                    'Registre tenu sans blanc ni rature : une écriture n’est jamais modifiée, une sortie ou une ' +
                    'correction est une nouvelle écriture qui s’y réfère.',
                  fontSize: 6.5,
                  color: GREY,
                  margin: [0, 3, 0, 0],
                },
              ],
            },
          ],
          columnGap: 16,
          margin: [0, 0, 0, 10],
        },
        entriesTable(doc),
        totalsTable(doc),
      ],
    }),
  );
}
