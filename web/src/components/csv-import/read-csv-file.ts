import { hasUnreadableCharacters, UNREADABLE_TEXT_MESSAGE } from '@shared/csv';

/** Bytes with no character in Windows-1252 (WHATWG decodes them to C1 controls). */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Plausible Windows-1252 text: no undefined byte, no control byte other than tab, CR, LF (NUL of UTF-16…). */
function isPlausibleWindows1252(bytes: Uint8Array): boolean {
  return !bytes.some((b) => UNDEFINED_IN_WINDOWS_1252.has(b) || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d));
}

/**
 * Reads a CSV file as text: UTF-8 first, Windows-1252 (Excel FR "CSV (séparateur: point-virgule)") if invalid.
 * Throws an Error with a French message (shown by csv-import-dialog.tsx) when the bytes are neither:
 * the server would refuse the text anyway (server/lists/import-csv.ts).
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const utf8 = decodeUtf8(bytes);
  if (utf8 !== null) {
    if (hasUnreadableCharacters(utf8)) throw new Error(UNREADABLE_TEXT_MESSAGE);
    return utf8;
  }
  if (!isPlausibleWindows1252(bytes)) throw new Error(UNREADABLE_TEXT_MESSAGE);
  return new TextDecoder('windows-1252').decode(bytes);
}
