import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts a 400's `fieldErrors` on the form's fields; returns the message for a toast when the error is not tied to
 * a field (409, 403, network…), or null when every message found a field.
 */
export function fieldErrorsToForm<T extends FieldValues>(
  error: Error,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): string | null {
  if (!(error instanceof ApiError)) return error.message;
  const entries = Object.entries(error.fieldErrors ?? {});
  let placed = false;
  for (const [field, messages] of entries) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return placed ? null : error.serverMessage;
}
