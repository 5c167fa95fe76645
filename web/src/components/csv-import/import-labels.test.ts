import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/schemas/lists';
import { importButtonLabel, importSummary } from './csv-import-dialog';

const result = (counts: Partial<ImportResult>): ImportResult => ({
  total: 0,
  valid: 0,
  invalid: 0,
  imported: 0,
  matched: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  onExisting: 'skip',
  dryRun: true,
  ignoredColumns: [],
  rows: [],
  ...counts,
});

describe('CSV import texts', () => {
  it('the button says what will be written', () => {
    expect(importButtonLabel(result({ valid: 1, created: 1 }))).toBe('Importer 1 ligne valide');
    expect(importButtonLabel(result({ valid: 1050, created: 1050 }))).toBe('Importer 1\u202f050 lignes valides');
    expect(importButtonLabel(result({ valid: 3, matched: 2, created: 1, skipped: 2 }))).toBe(
      'Importer : 1 nouvelle fiche',
    );
    expect(importButtonLabel(result({ valid: 4, matched: 3, created: 1, updated: 3 }))).toBe(
      'Importer : 1 nouvelle fiche et 3 mises à jour',
    );
    expect(importButtonLabel(result({ valid: 2, matched: 2, skipped: 2 }))).toBe('Rien à importer');
  });

  it('the toast sums up what was done', () => {
    expect(importSummary(result({ imported: 2, created: 2, invalid: 1 }))).toBe('2 lignes importées, 1 ligne rejetée.');
    expect(importSummary(result({ imported: 3, created: 1, updated: 2, unchanged: 1, skipped: 0 }))).toBe(
      '3 lignes importées (1 nouvelle fiche, 2 mises à jour), 1 fiche existante laissée telle quelle.',
    );
  });
});
