import { describe, expect, it } from 'vitest';
import { UNREADABLE_TEXT_MESSAGE } from '@shared/csv';
import { readCsvFile } from './read-csv-file';

const blob = (...parts: Array<string | number[]>): Blob =>
  new Blob(parts.map((p) => (typeof p === 'string' ? p : new Uint8Array(p))));

describe('readCsvFile', () => {
  it('reads UTF-8 (BOM dropped)', async () => {
    await expect(readCsvFile(blob('\uFEFFNom;Prénom\r\nDupré;Hélène\t€\r\n'))).resolves.toBe(
      'Nom;Prénom\r\nDupré;Hélène\t€\r\n',
    );
  });

  it('falls back to Windows-1252 for an Excel FR file', async () => {
    // "Nom;Prénom\r\nDupré;Hélène" with é = 0xE9, è = 0xE8. (Bytes 0x80-0x9F, e.g. € = 0x80, are left
    // out: Node 20.18.3+ decodes windows-1252 as Latin-1 there, nodejs/node#60888; browsers are right.)
    const bytes = blob('Nom;Pr', [0xe9], 'nom\r\nDupr', [0xe9], ';H', [0xe9, 0x6c, 0xe8], 'ne\r\n');
    await expect(readCsvFile(bytes)).resolves.toBe('Nom;Prénom\r\nDupré;Hélène\r\n');
  });

  it.each([
    ['a byte undefined in Windows-1252', blob('Nom\r\nDupr', [0xe9, 0x81], '\r\n')],
    ['UTF-16 with its BOM (NUL bytes)', blob([0xff, 0xfe, 0x4e, 0x00, 0x6f, 0x00, 0x6d, 0x00])],
    ['a control byte in non-UTF-8 bytes', blob('Nom\r\nDupr', [0xe9, 0x1a], '\r\n')],
    ['NUL in otherwise valid UTF-8', blob('N', [0x00], 'om\r\nX\r\n')],
    ['U+FFFD in valid UTF-8', blob('Nom\r\nH\uFFFDl\uFFFDne\r\n')],
  ])('refuses %s with a French message', async (_case, file) => {
    await expect(readCsvFile(file)).rejects.toThrow(UNREADABLE_TEXT_MESSAGE);
  });
});
