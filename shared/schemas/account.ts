import { z } from 'zod';
import { passwordSchema } from './auth';
import { REQUIRED_MESSAGE, emailField, requiredText } from './common-fields';
import { versionField } from './lists';

/** The profile form's fields (the web's "Mes informations"). */
export const updateProfileSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** PUT /api/account body: the profile with the `version` it was read with (a stale one answers 409). */
export const updateProfileBodySchema = updateProfileSchema.extend({ version: versionField });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** POST /api/account/password body. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ required_error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(200),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: "Le nouveau mot de passe doit être différent de l'actuel",
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export interface AccountProfile {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  roleLabel: string;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  /** Incremented by every update of the user; PUT /api/account sends it back. */
  version: number;
}

export interface AccountSession {
  /** A public id derived from the stored hash (the cookie value is never exposed). */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}
