import { CsvParseError, hasUnreadableCharacters, parseCsv, UNREADABLE_TEXT_MESSAGE, type ParsedCsv } from '@shared/csv';
import { AppError } from '../http/errors';

/** A file-level import error: 400 VALIDATION_FAILED with `fieldErrors.csv`, like the other ones in resource.ts. */
function csvError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Données invalides', { csv: [message] });
}

/**
 * The CSV text of `POST /api/<resource>/import`, parsed; refuses a text bearing the traces of a
 * wrong encoding (U+FFFD, control characters: see `hasUnreadableCharacters`) and an unterminated
 * quote (CsvParseError), rather than importing garbled or merged rows.
 */
export function parseImportCsv(text: string): ParsedCsv {
  if (hasUnreadableCharacters(text)) throw csvError(UNREADABLE_TEXT_MESSAGE);
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvParseError) throw csvError(error.message);
    throw error;
  }
}
