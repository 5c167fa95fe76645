import { z } from 'zod';
import { ROLES } from '../constants';
import { passwordSchema, usernameSchema } from './auth';
import { emailField, queryBoolean, requiredText } from './common-fields';
import { listQuerySchema, versionField } from './lists';

export const roleField = z.enum(ROLES, { message: 'Rôle inconnu' });

export const USER_SORT_FIELDS = ['lastName', 'username', 'email', 'role', 'lastLoginAt', 'createdAt'] as const;

/**
 * GET /api/users query: the shared list query (q over username, e-mail and names, accent-insensitive;
 * sort, dir, page, pageSize) plus `role` and `active` (true: active accounts, false: deactivated).
 */
export const userListQuerySchema = listQuerySchema(USER_SORT_FIELDS, 'lastName', {
  role: roleField.optional(),
  active: queryBoolean.optional(),
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

/**
 * PATCH /api/users/:id body: any of the fields, with the `version` the user was read with (a stale one answers
 * 409, like the référentiels).
 */
export const updateUserSchema = z
  .object({
    email: emailField.optional(),
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    role: roleField.optional(),
    version: versionField,
  })
  .refine(({ version: _version, ...fields }) => Object.values(fields).some((x) => x !== undefined), {
    message: 'Aucune modification',
    path: ['_'],
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The role form of a user's sheet (the web's user dialog); sent as PATCH /api/users/:id with the version. */
export const userRoleFormSchema = z.object({ role: roleField });
export type UserRoleFormInput = z.infer<typeof userRoleFormSchema>;

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
  /** Incremented by every update of the user; PATCH /api/users/:id sends it back. */
  version: number;
}

/** POST /api/users answer: the secret (temporary password or invitation link) is shown this once only. */
export interface CreatedUserAnswer {
  user: UserSummary;
  temporaryPassword?: string;
  invitation?: { token: string; url: string; expiresAt: string };
}
