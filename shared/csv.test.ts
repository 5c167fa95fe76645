import { describe, expect, it } from 'vitest';
import { CsvParseError, detectDelimiter, formatCsvCell, hasUnreadableCharacters, parseCsv, writeCsv } from './csv';

describe('parseCsv', () => {
  it('reads ; files with BOM, CRLF, quotes, doubled quotes and line breaks inside quotes', () => {
    const text = '\uFEFFNom;Notes\r\n"Dupré; Hélène";"Dit ""la reine""\r\nligne 2"\r\nMartin;\r\n';
    const parsed = parseCsv(text);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['Nom', 'Notes']);
    expect(parsed.records).toEqual([
      { line: 2, cells: ['Dupré; Hélène', 'Dit "la reine"\r\nligne 2'] },
      { line: 4, cells: ['Martin', ''] },
    ]);
  });

  it('auto-detects commas, skips blank lines, keeps the last field without a final newline', () => {
    const parsed = parseCsv('a,b,c\n1,"2,5",3\n\n4,5,6');
    expect(parsed.delimiter).toBe(',');
    expect(parsed.records).toEqual([
      { line: 2, cells: ['1', '2,5', '3'] },
      { line: 4, cells: ['4', '5', '6'] },
    ]);
  });

  it('counts separators outside quotes only when detecting', () => {
    expect(detectDelimiter('"a,b,c";d\n')).toBe(';');
    expect(detectDelimiter('a;b,c,d')).toBe(',');
    expect(detectDelimiter('')).toBe(';');
  });

  it('answers no headers for an empty text', () => {
    expect(parseCsv('')).toEqual({ delimiter: ';', headers: [], records: [] });
  });

  it('refuses an unterminated quoted field, naming the line where the quote opened', () => {
    const text = 'Nom;Notes\r\nMartin;ok\r\nDurand;"pas fermé\r\nLeroy;x\r\nPetit;y\r\n';
    expect(() => parseCsv(text)).toThrow(new CsvParseError('Guillemet non fermé (ligne 3) : vérifiez le fichier', 3));
    let error: unknown;
    try {
      parseCsv('a;b\n"x\ny";"z\n1;2');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvParseError);
    expect(error).toMatchObject({ name: 'CsvParseError', line: 3 });
    expect(() => parseCsv('"')).toThrow(CsvParseError);
  });

  it('counts lone CR line ends inside quotes like outside them', () => {
    expect(parseCsv('a;b\r"x\ry";1\r2;3').records).toEqual([
      { line: 2, cells: ['x\ry', '1'] },
      { line: 4, cells: ['2', '3'] },
    ]);
  });

  it('keeps a quote inside an unquoted field as text, and text after a closing quote', () => {
    expect(parseCsv('Nom;Taille\nBague;5" de diamètre\nCollier;"45" cm').records).toEqual([
      { line: 2, cells: ['Bague', '5" de diamètre'] },
      { line: 3, cells: ['Collier', '45 cm'] },
    ]);
  });
});

describe('hasUnreadableCharacters', () => {
  it('finds U+FFFD and C0 controls other than tab, CR, LF', () => {
    expect(hasUnreadableCharacters('Nom;Notes\r\nHélène\tx;é€\n')).toBe(false);
    expect(hasUnreadableCharacters('H\uFFFDl\uFFFDne')).toBe(true);
    expect(hasUnreadableCharacters('N\u0000o\u0000m')).toBe(true);
    expect(hasUnreadableCharacters('a\u001Fb')).toBe(true);
    expect(hasUnreadableCharacters('a\u000Bb')).toBe(true);
  });
});

describe('writeCsv', () => {
  it('writes BOM, ; separators, CRLF and quotes what needs it', () => {
    const out = writeCsv(
      ['Nom', 'Notes', 'Qté'],
      [
        ['Dupré; Hélène', 'a "b"\nc', 3],
        [null, undefined, true],
      ],
    );
    expect(out).toBe('\uFEFFNom;Notes;Qté\r\n"Dupré; Hélène";"a ""b""\nc";3\r\n;;true\r\n');
  });

  it('guards against formula injection but keeps plain negative numbers', () => {
    expect(formatCsvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(formatCsvCell('+33 6 12')).toBe("'+33 6 12");
    expect(formatCsvCell('@cmd')).toBe("'@cmd");
    expect(formatCsvCell('-x')).toBe("'-x");
    expect(formatCsvCell('-12.50')).toBe('-12.50');
    expect(formatCsvCell(-3)).toBe('-3');
    expect(formatCsvCell('=1;2')).toBe('"\'=1;2"');
  });

  it('round-trips through parseCsv', () => {
    const rows = [
      ['Hélène', 'multi\r\nligne', ''],
      ['"quoted"', 'a;b', 'x,y'],
    ];
    const parsed = parseCsv(writeCsv(['A', 'B', 'C'], rows));
    expect(parsed.records.map((r) => r.cells)).toEqual(rows);
  });
});
