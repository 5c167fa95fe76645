import { z } from 'zod';
import { ROLES } from '../constants';
import { passwordSchema, usernameSchema } from './auth';
import { emailField, queryBoolean, queryInt, requiredText } from './common-fields';

export const roleField = z.enum(ROLES, { message: 'Rôle inconnu' });

/** GET /api/users query. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: roleField.optional(),
  active: queryBoolean.optional(),
  page: queryInt(1, 10_000, 1),
  pageSize: queryInt(1, 100, 25),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** How a new staff member gets in: a temporary password shown once, or a one-time invitation link. */
export const ONBOARDING_MODES = ['temporary-password', 'invitation'] as const;

/** POST /api/users body. */
export const createUserSchema = z.object({
  username: usernameSchema,
  email: emailField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  role: roleField,
  onboarding: z.enum(ONBOARDING_MODES, { message: 'Choisissez un mot de passe temporaire ou une invitation' }),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/users/:id body: any of the fields. */
export const updateUserSchema = z
  .object({
    email: emailField.optional(),
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    role: roleField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Aucune modification',
    path: ['_'],
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** POST /api/invitations/:token/accept body. */
export const acceptInvitationSchema = z.object({ password: passwordSchema });

export interface UserSummary {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  roleLabel: string;
  active: boolean;
  mustChangePassword: boolean;
  invitationPending: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/** POST /api/users answer: the secret (temporary password or invitation link) is shown this once only. */
export interface CreatedUserAnswer {
  user: UserSummary;
  temporaryPassword?: string;
  invitation?: { token: string; url: string; expiresAt: string };
}
