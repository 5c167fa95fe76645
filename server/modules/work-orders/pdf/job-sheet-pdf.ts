/**
 * The job sheet ("fiche atelier"): what the bench needs to make the piece, on one A4 page. A pure renderer from
 * the work order as the workshop sees it (no price, no client contact beyond the name) to PDF bytes. The order's
 * number is printed as a QR code (pdfmake's own encoder) holding the order's address: scanned with a phone, it
 * opens the order.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderDetail,
} from '@shared/schemas/work-orders';
import { embedImages } from '../../../pdf/pdf-images';
import {
  GREY,
  MM,
  a4Document,
  day,
  printable,
  printableNumber,
  renderPdf,
  ruledTableLayout,
} from '../../../pdf/pdf-kit';

export interface JobSheetDocument {
  organizationName: string;
  order: Pick<
    WorkOrderDetail,
    'number' | 'title' | 'description' | 'clientName' | 'dueDate' | 'priority' | 'status' | 'lines' | 'steps'
  >;
  /** The address the QR code holds (https://…/work-orders/<id>). */
  url: string;
  /** Alloy names by id (metal lines). */
  alloyNames: ReadonlyMap<string, string>;
  /** Stone names by id (stone lines). */
  stoneNames: ReadonlyMap<string, string>;
  /** The project's first photo, if any. */
  photo: { bytes: Uint8Array } | null;
}

const cell = (text: string, options: Record<string, unknown> = {}): TableCell => ({
  text: printable(text),
  ...options,
});

/** "2" or "1,5": a quantity as typed, with the French decimal comma. */
const quantity = (value: string) => printable(value.replace('.', ','));

/** "120 min" or "—". */
const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

/** The pdfmake document of a job sheet (its QR node holds `doc.url`). */
export async function jobSheetDefinition(doc: JobSheetDocument): Promise<TDocumentDefinitions> {
  const { order } = doc;
  const { images, keyOf } = await embedImages([doc.photo]);
  const photoKey = keyOf(doc.photo);
  const metalLines = order.lines.filter((l) => l.kind === 'metal' && l.alloyId);
  const stoneLines = order.lines.filter((l) => l.kind === 'stone' || l.kind === 'diamond' || l.kind === 'melee');
  const facts: Array<[string, string]> = [
    ['Client', order.clientName ?? '—'],
    ['Livraison prévue', order.dueDate ? day(order.dueDate) : '—'],
    ['Priorité', WORK_ORDER_PRIORITY_LABELS[order.priority]],
    ['Statut', WORK_ORDER_STATUS_LABELS[order.status]],
  ];
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: printable(doc.organizationName), color: GREY, fontSize: 9 },
            { text: 'Fiche atelier', fontSize: 18, bold: true, margin: [0, 2, 0, 0] },
            { text: order.number, fontSize: 14, bold: true, margin: [0, 2, 0, 6] },
            { text: printable(order.title), fontSize: 12, margin: [0, 0, 0, 6] },
            {
              table: { widths: [90, '*'], body: facts.map(([k, v]) => [cell(k, { color: GREY }), cell(v)]) },
              layout: 'noBorders',
            },
          ],
        },
        {
          width: 'auto',
          stack: [
            { qr: doc.url, fit: 34 * MM, eccLevel: 'M' },
            { text: order.number, alignment: 'center', fontSize: 8, color: GREY, margin: [0, 2, 0, 0] },
          ],
        },
      ],
      columnGap: 12,
    },
  ];
  if (photoKey) content.push({ image: photoKey, fit: [80 * MM, 60 * MM], margin: [0, 8, 0, 0] });
  if (order.description) content.push({ text: printable(order.description), margin: [0, 8, 0, 0] });
  content.push({ text: 'Étapes', bold: true, fontSize: 12, margin: [0, 12, 0, 4] });
  content.push(
    order.steps.length === 0
      ? { text: 'Aucune étape planifiée.', color: GREY }
      : {
          table: {
            headerRows: 1,
            widths: [16, '*', 150, 45, 45, 50],
            body: [
              ['N°', 'Étape', 'Réalisée par', 'Prévu', 'Passé', 'Visa'].map((h) => cell(h, { bold: true })),
              ...order.steps.map((s, i) => [
                cell(String(i + 1)),
                cell(`${s.name}${s.status === 'termine' ? ' (terminée)' : ''}`),
                cell(s.supplierName ? `${s.supplierName} (sous-traitant)` : (s.assigneeName ?? '—')),
                cell(minutes(s.plannedMinutes)),
                cell(minutes(s.actualMinutes)),
                cell(''),
              ]),
            ],
          },
          layout: ruledTableLayout(4),
        },
  );
  content.push({ text: 'Métal à sortir', bold: true, fontSize: 12, margin: [0, 12, 0, 4] });
  content.push(
    metalLines.length === 0
      ? { text: 'Aucun métal indiqué.', color: GREY }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 80, 80],
            body: [
              ['Alliage', 'Poids (g)', 'Quantité'].map((h) => cell(h, { bold: true })),
              ...metalLines.map((l) => [
                cell(doc.alloyNames.get(l.alloyId!) ?? l.label),
                cell(l.weightG ? printableNumber(l.weightG, 3) : '—'),
                cell(quantity(l.quantity)),
              ]),
            ],
          },
          layout: ruledTableLayout(4),
        },
  );
  content.push({ text: 'Pierres', bold: true, fontSize: 12, margin: [0, 12, 0, 4] });
  content.push(
    stoneLines.length === 0
      ? { text: 'Aucune pierre indiquée.', color: GREY }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 120, 60],
            body: [
              ['Pierre', 'Détail', 'Quantité'].map((h) => cell(h, { bold: true })),
              ...stoneLines.map((l) => [
                cell(l.stoneId ? (doc.stoneNames.get(l.stoneId) ?? l.label) : l.label),
                cell(
                  [l.mm ? `${printableNumber(l.mm, 2)} mm` : '', l.clarity ?? '', l.description]
                    .filter(Boolean)
                    .join(' · '),
                ),
                cell(quantity(l.quantity)),
              ]),
            ],
          },
          layout: ruledTableLayout(4),
        },
  );
  return a4Document(
    {
      margins: [15 * MM, 15 * MM, 15 * MM, 18 * MM],
      fontSize: 10,
      lineHeight: 1.15,
      footer: { legal: `${order.number} · ${printable(order.title)}`, legalFontSize: 8, pageFontSize: 8, top: 6 },
    },
    { title: `Fiche atelier ${order.number}`, author: doc.organizationName, images, content },
  );
}

export const renderJobSheet = async (doc: JobSheetDocument): Promise<Buffer> =>
  renderPdf(await jobSheetDefinition(doc));
