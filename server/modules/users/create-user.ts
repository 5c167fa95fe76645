import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { issueInvitation, type IssuedInvitation } from './invitations';
import { generateTemporaryPassword } from './temporary-password';
import { usernameTaken } from './user-rules';

export interface NewStaffUser {
  organizationId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  onboarding: 'temporary-password' | 'invitation';
  createdBy: string | null;
  now: Date;
}

export interface CreatedStaffUser {
  userId: string;
  temporaryPassword?: string;
  invitation?: IssuedInvitation;
}

/**
 * Creates a staff account inside the caller's transaction. With a temporary password the user must
 * change it at first sign-in; with an invitation the account has no usable password ('' never verifies)
 * until the link is accepted. The secret is returned once and never stored in clear.
 */
export async function createStaffUser(tx: Db, input: NewStaffUser): Promise<CreatedStaffUser> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  if (taken) throw usernameTaken();
  const temporaryPassword = input.onboarding === 'temporary-password' ? generateTemporaryPassword() : undefined;
  let userId: string;
  try {
    const [row] = await tx
      .insert(users)
      .values({
        organizationId: input.organizationId,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role as 'admin',
        passwordHash: temporaryPassword ? await hashPassword(temporaryPassword) : '',
        mustChangePassword: temporaryPassword !== undefined,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: users.id });
    userId = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  if (temporaryPassword) return { userId, temporaryPassword };
  const invitation = await issueInvitation(tx, {
    organizationId: input.organizationId,
    userId,
    createdBy: input.createdBy,
    now: input.now,
  });
  return { userId, invitation };
}
