import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '../password-policy';

const required = 'Ce champ est obligatoire';

export const loginSchema = z.object({
  username: z.string({ required_error: required }).trim().min(1, required).max(100),
  password: z.string({ required_error: required }).min(1, required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const usernameSchema = z
  .string({ required_error: required })
  .trim()
  .min(3, "Le nom d'utilisateur doit contenir au moins 3 caractères")
  .max(50, "Le nom d'utilisateur doit contenir au plus 50 caractères")
  .regex(/^[a-zA-Z0-9._-]+$/, 'Lettres, chiffres, point, tiret et tiret bas uniquement');

/**
 * A chosen password's length (shared/password-policy.ts); the server also refuses common passwords and the username
 * (server/modules/auth/password-policy.ts).
 */
export const passwordSchema = z
  .string({ required_error: required })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** POST /api/register body (the confirmation is not sent). */
export const registerSchema = z.object({
  username: usernameSchema,
  email: z.string({ required_error: required }).trim().min(1, required).email('Adresse email invalide').max(200),
  firstName: z.string({ required_error: required }).trim().min(1, required).max(100),
  lastName: z.string({ required_error: required }).trim().min(1, required).max(100),
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form adds the confirmation, checked in the browser only. */
export const registerFormSchema = registerSchema.extend({
  confirmPassword: z.string().min(1, required),
});
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** GET /api/user, POST /api/login, POST /api/register answer. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** The configurable product word: menu "Catalogue {menu}", toast "Nouvelle sélection de {toast} chargée". */
  productWord: z.object({ menu: z.string(), toast: z.string() }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const csrfTokenSchema = z.object({ csrfToken: z.string() });
