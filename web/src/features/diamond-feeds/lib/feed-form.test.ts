import { describe, expect, it } from 'vitest';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { guessField, splitHeaderLine } from './feed-fields';
import { feedFormSchema, feedFormValues, markupText, type FeedFormValues } from './feed-form';
import { formatSchedule } from './run-format';

const feed: DiamondFeedView = {
  id: '7d0c1f8e-5b1a-4c59-9a43-2f1f5e0c9a10',
  name: 'Stock Anvers',
  kind: 'url',
  url: 'https://stock.example.test/feed.csv',
  format: 'csv',
  hasCredentials: true,
  scheduleMinutes: 360,
  preset: 'rapnet',
  columnMapping: { 'Stock #': 'stockNumber' },
  fullFeed: true,
  currency: 'USD',
  markup: '1.2500',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  version: 3,
  lastRun: null,
};

const parse = (values: FeedFormValues) => feedFormSchema.safeParse(values);

describe('feed form', () => {
  it('shows a stored feed in French and sends it back unchanged, credentials kept', () => {
    const values = feedFormValues(feed);
    expect(values.markup).toBe('1,25');
    expect(values.scheduleMinutes).toBe('360');
    expect(values.credentialsAction).toBe('keep');
    const result = parse(values);
    expect(result.success && result.data).toEqual({
      name: 'Stock Anvers',
      kind: 'url',
      url: 'https://stock.example.test/feed.csv',
      format: 'csv',
      scheduleMinutes: 360,
      fullFeed: true,
      currency: 'USD',
      markup: '1.25',
      columnMapping: { 'Stock #': 'stockNumber' },
    });
  });

  it('removes or replaces the credentials only when asked', () => {
    const removed = parse({ ...feedFormValues(feed), credentialsAction: 'remove' });
    expect(removed.success && removed.data.credentials).toBeNull();
    const replaced = parse({ ...feedFormValues(feed), credentialsAction: 'replace', credentials: 'jeton' });
    expect(replaced.success && replaced.data.credentials).toBe('jeton');
  });

  it('drops the address and schedule of an uploaded feed, and blank mapping rows', () => {
    const result = parse({
      ...feedFormValues(feed),
      kind: 'upload',
      columnMapping: [{ column: ' ', field: '' }],
    });
    expect(result.success && result.data).toMatchObject({ url: null, scheduleMinutes: null, columnMapping: null });
  });

  it('says on its row a field read from two columns, and the shared schema on its field', () => {
    const twice = parse({
      ...feedFormValues(feed),
      columnMapping: [
        { column: 'Stock #', field: 'stockNumber' },
        { column: 'Ref', field: 'stockNumber' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['columnMapping', 1, 'field'],
      message: 'Champ déjà lu dans la colonne « Stock # »',
    });
    const schedule = parse({ ...feedFormValues(feed), scheduleMinutes: '5' });
    expect(schedule.error?.issues[0]).toMatchObject({ path: ['scheduleMinutes'], message: 'Au moins 15 minutes' });
  });

  it('reads a header line and guesses the fields named by themselves', () => {
    expect(splitHeaderLine('\uFEFF"Stock #";Carat;Pureté;Prix')).toEqual(['Stock #', 'Carat', 'Pureté', 'Prix']);
    expect(splitHeaderLine('a\tb,c\td')).toEqual(['a', 'b,c', 'd']);
    expect(guessField('carat')).toBe('carat');
    expect(guessField('Pureté')).toBe('clarity');
    expect(guessField('Stock #')).toBeNull();
  });

  it('writes numbers and schedules in French', () => {
    expect(markupText('2.0000')).toBe('2');
    expect(markupText('1.0500')).toBe('1,05');
    expect(formatSchedule(360)).toBe('toutes les 6 h');
    expect(formatSchedule(1440)).toBe('tous les jours');
    expect(formatSchedule(45)).toBe('toutes les 45 min');
    expect(formatSchedule(null)).toBe('à la demande');
  });
});
