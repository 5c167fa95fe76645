import { z } from 'zod';

/** Field helpers with French messages, shared by the administration schemas. */
export const REQUIRED_MESSAGE = 'Ce champ est obligatoire';

export const requiredText = (max: number) =>
  z
    .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `${max} caractères au maximum`);

export const optionalText = (max: number) =>
  z.string({ invalid_type_error: 'Texte attendu' }).trim().max(max, `${max} caractères au maximum`).default('');

export const emailField = z
  .string({ required_error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .email('Adresse email invalide')
  .max(200);

export const uuidField = z.string().uuid('Identifiant invalide');
export const idParamSchema = z.object({ id: uuidField });

/** Query-string integers ("2" -> 2) with bounds. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ invalid_type_error: 'Nombre entier attendu' })
    .int('Nombre entier attendu')
    .min(min, `Au moins ${min}`)
    .max(max, `Au plus ${max}`)
    .default(fallback);

export const queryBoolean = z.enum(['true', 'false'], { message: 'Valeur attendue : true ou false' });

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
