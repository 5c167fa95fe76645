import { z } from 'zod';
import { normalizeIntegerText, toInputText } from '@shared/decimal-input';
import {
  diamondFeedCreateSchema,
  type DiamondFeedFormat,
  type DiamondFeedKind,
  type DiamondFeedView,
} from '@shared/schemas/diamond-feeds';

/** What the form does with the stored credentials (write-only: the form never sees them). */
export type CredentialsAction = 'keep' | 'replace' | 'remove';

export interface MappingRow {
  column: string;
  field: string;
}

/** The form's own shape: texts as typed, the mapping as rows. */
export interface FeedFormValues {
  name: string;
  kind: DiamondFeedKind;
  url: string;
  format: DiamondFeedFormat;
  credentialsAction: CredentialsAction;
  credentials: string;
  scheduleMinutes: string;
  fullFeed: boolean;
  currency: string;
  markup: string;
  columnMapping: MappingRow[];
}

/** "1.2500" -> "1,25": the coefficient as a French person types it, without trailing zeros. */
export function markupText(markup: string): string {
  const trimmed = markup.includes('.') ? markup.replace(/0+$/, '').replace(/\.$/, '') : markup;
  return toInputText(trimmed);
}

export function feedFormValues(feed?: DiamondFeedView): FeedFormValues {
  return {
    name: feed?.name ?? '',
    kind: feed?.kind ?? 'upload',
    url: feed?.url ?? '',
    format: feed?.format ?? 'csv',
    credentialsAction: feed?.hasCredentials ? 'keep' : 'replace',
    credentials: '',
    scheduleMinutes:
      feed?.scheduleMinutes === null || feed?.scheduleMinutes === undefined ? '' : String(feed.scheduleMinutes),
    fullFeed: feed?.fullFeed ?? true,
    currency: feed?.currency ?? 'USD',
    markup: feed ? markupText(feed.markup) : '1',
    columnMapping: Object.entries(feed?.columnMapping ?? {}).map(([column, field]) => ({ column, field })),
  };
}

const formShape = z.object({
  name: z.string(),
  kind: z.string(),
  url: z.string(),
  format: z.string(),
  credentialsAction: z.enum(['keep', 'replace', 'remove']),
  credentials: z.string(),
  scheduleMinutes: z.string(),
  fullFeed: z.boolean(),
  currency: z.string(),
  markup: z.string(),
  columnMapping: z.array(z.object({ column: z.string(), field: z.string() })),
});
type FormShape = z.infer<typeof formShape>;

/** Rows left blank are dropped; a half-filled row or a field read from two columns is said on its row. */
function checkMapping(values: FormShape, ctx: z.RefinementCtx): void {
  const seenColumns = new Map<string, number>();
  const seenFields = new Map<string, string>();
  values.columnMapping.forEach((row, index) => {
    const column = row.column.trim();
    if (column === '' && row.field === '') return;
    if (column === '') {
      ctx.addIssue({ code: 'custom', path: ['columnMapping', index, 'column'], message: 'Nom de colonne manquant' });
      return;
    }
    if (row.field === '') {
      ctx.addIssue({ code: 'custom', path: ['columnMapping', index, 'field'], message: 'Choisissez le champ lu' });
      return;
    }
    const columnKey = column.toLowerCase();
    if (seenColumns.has(columnKey)) {
      ctx.addIssue({ code: 'custom', path: ['columnMapping', index, 'column'], message: 'Colonne déjà décrite' });
    }
    seenColumns.set(columnKey, index);
    const other = seenFields.get(row.field);
    if (other !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['columnMapping', index, 'field'],
        message: `Champ déjà lu dans la colonne « ${other} »`,
      });
    }
    seenFields.set(row.field, column);
  });
}

/** The API's body from the form's values (the shared schema then checks it as the server does). */
function toInput(values: FormShape): Record<string, unknown> {
  const isUrl = values.kind === 'url';
  const schedule = values.scheduleMinutes.trim();
  const minutes = normalizeIntegerText(schedule);
  const rows = values.columnMapping.filter((row) => row.column.trim() !== '' && row.field !== '');
  // Kept: absent; removed: null; replaced: the text typed (nothing typed keeps what is stored).
  const credentials =
    values.credentialsAction === 'remove'
      ? null
      : values.credentialsAction === 'replace' && values.credentials !== ''
        ? values.credentials
        : undefined;
  return {
    name: values.name,
    kind: values.kind,
    url: isUrl ? values.url : null,
    format: values.format,
    ...(credentials === undefined ? {} : { credentials }),
    // A text that is not a whole number reaches the schema as is: it says so on the field.
    scheduleMinutes: !isUrl || schedule === '' ? null : minutes === null || minutes === '' ? schedule : Number(minutes),
    fullFeed: values.fullFeed,
    currency: values.currency,
    markup: values.markup,
    columnMapping: rows.length === 0 ? null : Object.fromEntries(rows.map((row) => [row.column.trim(), row.field])),
  };
}

/**
 * The form's schema: its own check of the mapping rows, then the shared contract of the API
 * (diamondFeedCreateSchema), whose errors land on the fields of the same names.
 */
export const feedFormSchema = formShape.superRefine(checkMapping).transform(toInput).pipe(diamondFeedCreateSchema);
