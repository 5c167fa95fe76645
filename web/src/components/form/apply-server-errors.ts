import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts a server answer's `fieldErrors` (400/409 `{ code, message, fieldErrors }`) on the form's fields.
 * Returns true when at least one field got an error (the caller then needs no extra toast).
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; getValues: () => T },
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const known = new Set(Object.keys(form.getValues()));
  let applied = false;
  let first = true;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    // "contacts.0.email" -> the nested field; unknown top-level fields are left to the caller's toast.
    const top = field.split('.')[0] ?? field;
    if (!known.has(top)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    applied = true;
  }
  return applied;
}
