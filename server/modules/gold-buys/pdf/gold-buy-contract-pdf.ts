/**
 * The purchase contract of a gold buy-back from a private person (Code de la consommation L224-97: a written
 * contract; L224-98: its mentions and the detachable form; L224-99: the 48-hour withdrawal, the repayment of the
 * price against the items, twice the price when they cannot be given back) and its receipt at payment: pure renderers from a signed purchase, as the API answers
 * it (figures frozen at signature), to A4 bytes. The contract is printed twice in one file, the seller's copy and
 * the shop's, each with its detachable withdrawal form.
 */
import type { Column, Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { METALS } from '@shared/constants';
import { CASH_PAYMENT_IMPOSSIBLE_REASON, WITHDRAWAL_PERIOD_HOURS } from '@shared/gold-buy-rules';
import {
  GOLD_BUY_CATEGORY_LABELS,
  GOLD_BUY_METAL_LABELS,
  GOLD_BUY_STATUS_LABELS,
  ID_DOCUMENT_TYPE_LABELS,
  type GoldBuyDetail,
} from '@shared/schemas/gold-buys';
import {
  BOXED_LAYOUT,
  GREY,
  RULE,
  a4Document,
  dateAndHour,
  day,
  euro,
  logoOf,
  present,
  printable,
  renderPdf,
  type A4Page,
} from '../../../pdf/pdf-kit';
import {
  TABLE_LAYOUT,
  grams,
  heading,
  legalLine,
  marketValue,
  organizationBlock,
  percent,
  plainDecimal,
  type GoldBuyPdfOrganization,
} from './gold-buy-pdf-kit';

export interface GoldBuyPdfDocument {
  organization: GoldBuyPdfOrganization;
  /** A signed purchase (validated or later): its number, signature and frozen prices are set. */
  buy: GoldBuyDetail;
  /** The number of the contract this one corrects, if any. */
  correctionOfNumber?: string | null;
}

const PAGE_WIDTH = 595.28 - 2 * 36;

/** "0.7550" -> "0.755". */
const trimZeros = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

const sellerAddressLines = (buy: GoldBuyDetail): string[] =>
  present(
    buy.seller.addressLine1,
    buy.seller.addressLine2,
    [buy.seller.postalCode, buy.seller.city].filter(Boolean).join(' '),
    buy.seller.country,
  );

function paymentText(buy: GoldBuyDetail): string {
  if (buy.paymentMethod === 'cheque')
    return `Chèque barré${buy.chequeNumber ? ` n° ${buy.chequeNumber}` : ''}, établi à l’ordre du vendeur.`;
  if (buy.paymentMethod === 'transfer')
    return `Virement bancaire sur le compte au nom du vendeur, IBAN ${buy.iban ?? ''}.`;
  return '';
}

const labelled = (label: string, value: string): Content => ({
  text: [{ text: `${label} : `, color: GREY }, printable(value)],
});

function partiesBlock(doc: GoldBuyPdfDocument, logo: string | null): Content {
  const { buy } = doc;
  const s = buy.seller;
  const birth = s.birthDate ? `${day(s.birthDate)}${s.birthPlace ? ` à ${s.birthPlace}` : ''}` : '';
  const idDocument = s.idDocumentType ? ID_DOCUMENT_TYPE_LABELS[s.idDocumentType] : '';
  const cell = (title: string, body: Content[]): TableCell => ({
    stack: [{ text: title, bold: true, color: GREY, fontSize: 7.5, margin: [0, 0, 0, 2] }, ...body],
    margin: [4, 4, 4, 4],
  });
  return {
    table: {
      widths: ['*', '*'],
      body: [
        [
          cell('L’ACHETEUR (le professionnel)', [organizationBlock(doc.organization, logo)]),
          cell('LE VENDEUR (particulier)', [
            { text: printable(buy.sellerName ?? ''), bold: true, fontSize: 10.5 },
            ...sellerAddressLines(buy),
            ...(birth ? [labelled('Né(e) le', birth)] : []),
            ...(idDocument ? [labelled('Pièce d’identité', idDocument)] : []),
            ...(s.idDocumentNumber ? [labelled('Numéro', s.idDocumentNumber)] : []),
            ...(s.idDocumentAuthority ? [labelled('Délivrée par', s.idDocumentAuthority)] : []),
            ...(s.idDocumentDate ? [labelled('Le', day(s.idDocumentDate))] : []),
            {
              text: 'Identité vérifiée sur présentation de l’original de la pièce.',
              fontSize: 7,
              color: GREY,
              margin: [0, 2, 0, 0],
            },
          ]),
        ],
      ],
    },
    layout: BOXED_LAYOUT,
  };
}

function itemsTable(buy: GoldBuyDetail): Content {
  const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
  const header: TableCell[] = [
    { text: 'N°', bold: true },
    { text: 'Désignation', bold: true },
    { text: 'Métal', bold: true },
    ...['Poids brut (g)', 'Poids net (g)', 'Titre (millièmes)', 'Poinçon constaté', 'Prix du gramme', 'Prix'].map(
      (h): TableCell => ({ text: h, bold: true, alignment: 'right' }),
    ),
  ];
  const rows = buy.items.map((item, index): TableCell[] => [
    String(index + 1),
    {
      stack: [
        printable(item.description),
        { text: GOLD_BUY_CATEGORY_LABELS[item.category], fontSize: 7, color: GREY },
        ...present(item.overrideReason && item.priceOverride !== null && `Prix convenu : ${item.overrideReason}`).map(
          (text) => ({ text, fontSize: 7, color: GREY }),
        ),
      ],
    },
    GOLD_BUY_METAL_LABELS[item.metal],
    right(grams(item.grossWeightG)),
    right(grams(item.netWeightG)),
    right(String(item.fineness)),
    right(item.hallmark ? 'oui' : 'non'),
    right(item.pricePerGram === null ? '—' : `${euro(item.pricePerGram)}/g`),
    right(euro(item.price)),
  ]);
  const total: TableCell[] = [
    { text: 'Prix total des objets', bold: true, colSpan: 8 },
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    right(euro(buy.total), true),
  ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [14, '*', 34, 42, 42, 46, 34, 54, 58],
      body: [header, ...rows, total],
    },
    layout: TABLE_LAYOUT,
  };
}

function marketBlock(buy: GoldBuyDetail): Content[] {
  const used = METALS.filter((m) => buy.items.some((i) => i.metal === m));
  const lines = used.map((metal) => {
    const price = buy.market[metal];
    if (!price) return `${GOLD_BUY_METAL_LABELS[metal]} : cours indisponible`;
    return (
      `${GOLD_BUY_METAL_LABELS[metal]} : ${marketValue(price.value)}\u00a0€ le gramme de métal fin ` +
      `(source ${price.source}, cours du ${dateAndHour(price.observedAt)})`
    );
  });
  return [
    heading('Cours retenus et calcul du prix'),
    ...lines.map((text) => ({ text: printable(text) })),
    {
      text:
        'Prix du gramme au titre = cours du gramme de métal fin × titre / 1000 ; prix d’un objet = poids net × ' +
        `prix du gramme au titre × coefficient de rachat de ${plainDecimal(trimZeros(buy.buybackFactor))}.`,
      color: GREY,
      fontSize: 7.5,
    },
  ];
}

function taxBlock(buy: GoldBuyDetail): Content[] {
  const tax = buy.tax;
  if (!tax) return [];
  const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
  const header: TableCell[] = [
    { text: 'Régime et assiette', bold: true },
    ...['Base', 'Taux', 'Taxe', 'CRDS', 'Total'].map((h): TableCell => ({ text: h, bold: true, alignment: 'right' })),
  ];
  const rows = tax.lines.map((line): TableCell[] => {
    const taxRate = Number(line.ratePct) === 0 ? '0\u00a0%' : percent(line.ratePct);
    return [
      printable(line.label),
      right(euro(line.base)),
      right(Number(line.ratePct) === 0 ? taxRate : `${taxRate} (dont CRDS 0,5\u00a0%)`),
      right(euro(line.tax)),
      right(euro(line.crds)),
      right(euro(line.total)),
    ];
  });
  const who = !tax.flatTax
    ? 'Le vendeur a opté pour le régime des plus-values sur justificatif de son prix d’acquisition : il déclare ' +
      'et acquitte lui-même l’impôt éventuel ; aucune taxe forfaitaire n’est retenue.'
    : tax.withheldByBuyer
      ? 'Taxe forfaitaire (CGI art. 150 VI à 150 VK) à la charge du vendeur, retenue sur le prix par l’acheteur, ' +
        'assujetti à la TVA, qui la déclare et la reverse.'
      : 'Taxe forfaitaire (CGI art. 150 VI à 150 VK) à la charge du vendeur, qui la déclare et l’acquitte lui-même : ' +
        'l’acheteur n’est pas assujetti à la TVA et ne la retient pas.';
  const summary = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, bold },
    right(euro(value), bold),
  ];
  return [
    heading(`Régime fiscal : ${tax.regimeLabel}`),
    {
      table: { headerRows: 1, widths: ['*', 60, 96, 54, 54, 58], body: [header, ...rows] },
      layout: TABLE_LAYOUT,
    },
    { text: who, fontSize: 7.5, color: GREY, margin: [0, 2, 0, 4] },
    {
      columns: [
        { text: '', width: '*' },
        {
          width: 250,
          table: {
            widths: ['*', 'auto'],
            body: [
              summary('Prix total', tax.total),
              summary('Taxes et contributions à la charge du vendeur', tax.taxDue),
              summary('Dont retenu par l’acheteur', tax.taxWithheld),
              summary('Net payé au vendeur', tax.netPaid, true),
            ],
          },
          layout: {
            ...TABLE_LAYOUT,
            fillColor: (row, node) => (row === node.table.body.length - 1 ? '#eeeeee' : null),
          },
        },
      ],
    },
  ];
}

function paymentBlock(buy: GoldBuyDetail): Content[] {
  return [
    heading('Paiement'),
    { text: printable(paymentText(buy)) },
    { text: printable(CASH_PAYMENT_IMPOSSIBLE_REASON), fontSize: 7.5, color: GREY },
  ];
}

function withdrawalBlock(buy: GoldBuyDetail): Content[] {
  const deadline = dateAndHour(buy.withdrawalDeadline);
  return [
    heading(`Droit de rétractation de ${WITHDRAWAL_PERIOD_HOURS} heures`),
    {
      text: [
        `Le vendeur dispose d’un délai de ${WITHDRAWAL_PERIOD_HOURS} heures à compter de la signature du présent ` +
          'contrat pour se rétracter (Code de la consommation, article L224-99), soit ',
        { text: `jusqu’au ${deadline} (heure de Paris)`, bold: true },
        ' ; un délai qui finirait un samedi, un dimanche ou un jour férié est prolongé au premier jour ouvrable ' +
          'suivant, à la même heure. Il se rétracte en remettant ou en adressant à l’acheteur le formulaire ' +
          'détachable ci-dessous, ou toute autre déclaration dénuée d’ambiguïté, avant cette échéance. Le vendeur ' +
          'restitue alors le prix perçu et l’acheteur lui rend les objets.',
      ],
    },
    {
      text:
        'Pendant ce délai, les objets achetés ne seront ni fondus, ni transformés, ni revendus : ils restent ' +
        'en l’état chez l’acheteur jusqu’à l’échéance. Si l’acheteur ne peut les restituer, il verse au vendeur ' +
        'le double du prix.',
      bold: true,
      margin: [0, 3, 0, 0],
    },
  ];
}

function ownershipBlock(): Content {
  return {
    text:
      'Le vendeur certifie être le propriétaire des objets vendus, qu’ils sont libres de tout droit et ne ' +
      'proviennent d’aucune infraction. Les objets sont inscrits au livre de police de l’acheteur.',
    fontSize: 7.5,
    color: GREY,
    margin: [0, 8, 0, 0],
  };
}

// A function, not a constant: pdfmake writes its measurements into the nodes it lays out.
function signatureBoxes(buy: GoldBuyDetail): Content {
  const box = (title: string, hint: string): Column => ({
    width: '*',
    stack: [
      { text: title, bold: true },
      { text: hint, fontSize: 7, color: GREY },
      { canvas: [{ type: 'rect', x: 0, y: 4, w: (PAGE_WIDTH - 16) / 2, h: 58, lineColor: RULE, lineWidth: 0.5 }] },
    ],
  });
  return {
    stack: [
      {
        text: printable(`Fait à ${buy.signedPlace ?? ''}, le ${dateAndHour(buy.signedAt)}, en deux exemplaires.`),
        margin: [0, 10, 0, 6],
      },
      {
        columns: [
          box('Le vendeur', 'Signature précédée de « Lu et approuvé »'),
          box('Pour l’acheteur', 'Nom, qualité, signature et cachet'),
        ],
        columnGap: 16,
      },
    ],
    unbreakable: true,
  };
}

/** The detachable withdrawal form: a dotted cut line, the fields to fill and the address to send it to. */
function withdrawalForm(doc: GoldBuyPdfDocument): Content {
  const { buy, organization: org } = doc;
  const dots = '.'.repeat(70);
  const field = (label: string, value: string): Content => ({
    text: [{ text: `${label} : `, bold: true }, printable(value)],
    margin: [0, 5, 0, 0],
  });
  return {
    unbreakable: true,
    margin: [0, 14, 0, 0],
    stack: [
      {
        canvas: [
          {
            type: 'line',
            x1: 0,
            y1: 0,
            x2: PAGE_WIDTH,
            y2: 0,
            lineWidth: 0.8,
            dash: { length: 2, space: 2 },
            lineColor: '#333333',
          },
        ],
      },
      {
        text: 'Découper suivant les pointillés',
        fontSize: 6.5,
        color: GREY,
        alignment: 'center',
        margin: [0, 1, 0, 6],
      },
      { text: 'Formulaire de rétractation', bold: true, fontSize: 12, alignment: 'center' },
      {
        text: '(Code de la consommation, articles L224-98, L224-99 et R224-5)',
        fontSize: 7,
        color: GREY,
        alignment: 'center',
      },
      {
        text:
          `À compléter et à remettre ou à envoyer, au plus tard le ${dateAndHour(buy.withdrawalDeadline)} ` +
          '(heure de Paris), uniquement si le vendeur souhaite se rétracter du contrat, à :',
        alignment: 'center',
        margin: [0, 3, 0, 2],
      },
      {
        text: present(org.legalName, ...org.addressLines).join(', '),
        bold: true,
        alignment: 'center',
      },
      {
        text:
          'Je soussigné(e) notifie par la présente ma rétractation du contrat de vente d’objets en métaux précieux ' +
          'désigné ci-dessous.',
        margin: [0, 6, 0, 0],
      },
      field('Contrat n°', buy.number ?? dots),
      field('Signé le', `${dateAndHour(buy.signedAt)} à ${buy.signedPlace ?? ''}`),
      field('Nom et prénom du vendeur', buy.sellerName ?? dots),
      field('Adresse du vendeur', sellerAddressLines(buy).join(', ') || dots),
      field('Date', dots),
      field('Signature du vendeur', ''),
      { canvas: [{ type: 'rect', x: 0, y: 4, w: 220, h: 44, lineColor: RULE, lineWidth: 0.5 }] },
    ],
  };
}

/** One full copy: the contract, its signature boxes and the withdrawal form. */
function contractCopy(doc: GoldBuyPdfDocument, copyLabel: string, logo: string | null, first: boolean): Content {
  const { buy } = doc;
  const notes: string[] = present(
    doc.correctionOfNumber && `Ce contrat corrige et remplace le contrat n° ${doc.correctionOfNumber}.`,
    buy.status === 'withdrawn' &&
      `${GOLD_BUY_STATUS_LABELS.withdrawn} : le vendeur s’est rétracté le ${dateAndHour(buy.withdrawnAt)}.`,
  );
  return {
    ...(first ? {} : { pageBreak: 'before' as const }),
    stack: [
      {
        columns: [
          {
            stack: [
              { text: 'CONTRAT D’ACHAT DE MÉTAUX PRÉCIEUX', bold: true, fontSize: 14 },
              { text: `n° ${buy.number ?? ''}`, bold: true, fontSize: 12 },
              {
                text: 'Achat d’objets en métaux précieux à un particulier (Code de la consommation, art. L224-97 à L224-99)',
                fontSize: 7.5,
                color: GREY,
              },
            ],
          },
          {
            width: 150,
            table: { widths: ['*'], body: [[{ text: copyLabel, bold: true, alignment: 'center', margin: [0, 3] }]] },
            layout: BOXED_LAYOUT,
          },
        ],
        columnGap: 12,
        margin: [0, 0, 0, 6],
      },
      {
        text: printable(`Signé le ${dateAndHour(buy.signedAt)} (heure de Paris) à ${buy.signedPlace ?? ''}.`),
        bold: true,
        margin: [0, 0, 0, 6],
      },
      ...notes.map((text): Content => ({ text, color: '#b00020', margin: [0, 0, 0, 4] })),
      partiesBlock(doc, logo),
      heading('Objets achetés'),
      itemsTable(buy),
      ...marketBlock(buy),
      ...taxBlock(buy),
      ...paymentBlock(buy),
      ...withdrawalBlock(buy),
      ownershipBlock(),
      signatureBoxes(buy),
      withdrawalForm(doc),
    ],
  };
}

function baseDefinition(
  doc: GoldBuyPdfDocument,
  title: string,
  images: Record<string, string>,
  content: Content[],
): TDocumentDefinitions {
  const page: A4Page = {
    margins: [36, 32, 36, 48],
    fontSize: 8.5,
    lineHeight: 1.15,
    footer: {
      legal: legalLine(doc.organization),
      legalFontSize: 6.5,
      pageLabel: (current, pages) => `${title} — page ${current} / ${pages}`,
      pageFontSize: 6.5,
      top: 18,
    },
  };
  return a4Document(page, { title, author: doc.organization.legalName, images, content });
}

/** The contract in two copies, "Exemplaire du vendeur" then "Exemplaire du professionnel". */
export async function renderGoldBuyContractPdf(doc: GoldBuyPdfDocument): Promise<Buffer> {
  const { images, logo } = await logoOf(doc.organization);
  const copies = ['Exemplaire du vendeur', 'Exemplaire du professionnel'].map((label, i) =>
    contractCopy(doc, label, logo, i === 0),
  );
  return renderPdf(baseDefinition(doc, `Contrat ${doc.buy.number ?? ''}`, images, copies));
}

/** The receipt at payment: the contract number, the seller, the date of payment, the net paid and the method. */
export async function renderGoldBuyReceiptPdf(doc: GoldBuyPdfDocument): Promise<Buffer> {
  const { buy } = doc;
  const { images, logo } = await logoOf(doc.organization);
  const row = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, color: GREY },
    { text: printable(value), bold },
  ];
  const items = buy.items.map(
    (i) => `${i.description} (${GOLD_BUY_METAL_LABELS[i.metal]} ${i.fineness}, ${grams(i.netWeightG)} g net)`,
  );
  const content: Content[] = [
    {
      columns: [
        organizationBlock(doc.organization, logo),
        {
          width: 200,
          stack: [
            { text: 'REÇU DE PAIEMENT', bold: true, fontSize: 14 },
            { text: `Achat de métaux précieux n° ${buy.number ?? ''}`, bold: true },
            { text: `Date du paiement : ${dateAndHour(buy.paidAt)}`, margin: [0, 4, 0, 0] },
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 12],
    },
    {
      table: {
        widths: [150, '*'],
        body: [
          row('Contrat', `${buy.number ?? ''}, signé le ${dateAndHour(buy.signedAt)} à ${buy.signedPlace ?? ''}`),
          row('Vendeur', [buy.sellerName ?? '', ...sellerAddressLines(buy)].filter(Boolean).join(', ')),
          row('Objets', items.join(' ; ')),
          row('Date du paiement', `${dateAndHour(buy.paidAt)} (heure de Paris)`),
          row('Prix total', euro(buy.total)),
          row('Taxe retenue', euro(buy.taxWithheld)),
          row('Montant net payé', euro(buy.netPaid), true),
          row('Moyen de paiement', paymentText(buy)),
        ],
      },
      layout: TABLE_LAYOUT,
    },
    {
      text: printable(
        `Le vendeur reconnaît avoir reçu la somme nette de ${euro(buy.netPaid)} en paiement des objets désignés au ` +
          `contrat n° ${buy.number ?? ''}.`,
      ),
      margin: [0, 10, 0, 4],
    },
    { text: printable(CASH_PAYMENT_IMPOSSIBLE_REASON), fontSize: 7.5, color: GREY },
    {
      columns: [
        { text: '', width: '*' },
        {
          width: 240,
          stack: [
            { text: 'Signature du vendeur', bold: true },
            { canvas: [{ type: 'rect', x: 0, y: 4, w: 240, h: 56, lineColor: RULE, lineWidth: 0.5 }] },
          ],
        },
      ],
      margin: [0, 16, 0, 0],
      unbreakable: true,
    },
  ];
  return renderPdf(baseDefinition(doc, `Reçu ${buy.number ?? ''}`, images, content));
}
