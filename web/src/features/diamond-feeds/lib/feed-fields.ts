import { FEED_FIELD_LABELS, FEED_FIELDS, feedHeaderKey, type FeedField } from '@shared/diamond-feed-fields';

/** The presets the importer recognises from a file's header line. */
const PRESET_LABELS: Readonly<Record<string, string>> = {
  idex: 'IDEX',
  rapnet: 'RapNet',
  vdb: 'VDB',
  nivoda: 'Nivoda',
};

export function presetLabel(preset: string | null): string | null {
  if (!preset) return null;
  return PRESET_LABELS[preset] ?? preset;
}

const FIELD_BY_KEY: ReadonlyMap<string, FeedField> = new Map(
  FEED_FIELDS.flatMap((field) => [
    [feedHeaderKey(field), field] as const,
    [feedHeaderKey(FEED_FIELD_LABELS[field]), field] as const,
  ]),
);

/** The field a header names by itself ("carat", "Pureté"), else null: the admin chooses. */
export function guessField(header: string): FeedField | null {
  return FIELD_BY_KEY.get(feedHeaderKey(header)) ?? null;
}

/** How many bytes of a file are read to find its header line. */
const HEADER_BYTES = 64 * 1024;

/** The cells of a header line: tab, semicolon or comma separated (the most frequent wins), quotes removed. */
export function splitHeaderLine(line: string): string[] {
  const text = line.replace(/^\uFEFF/, '');
  const separators = ['\t', ';', ','];
  const separator = separators.reduce((best, s) => (text.split(s).length > text.split(best).length ? s : best));
  return text
    .split(separator)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/""/g, '"')
        .trim(),
    )
    .filter((cell) => cell !== '');
}

/** The column headers of a CSV/TSV file, from its first line (the file is not read further). */
export async function readFileHeaders(file: Blob): Promise<string[]> {
  const start = await file.slice(0, HEADER_BYTES).text();
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  return splitHeaderLine(firstLine);
}
