import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userInvitations } from '../../db/schema';
import { hashSessionId, randomToken } from '../auth/tokens';

/** An invitation link is valid 72 hours and works once. */
export const INVITATION_TTL_MS = 72 * 3_600_000;
export const INVITATION_INVALID_MESSAGE = 'Invitation invalide, expirée ou déjà utilisée';

/** The web route the link opens (the token is shown once, only its SHA-256 is stored). */
export const invitationPath = (token: string): string => `/invitation/${token}`;
export const hashInvitationToken = hashSessionId;

export interface IssuedInvitation {
  token: string;
  url: string;
  expiresAt: string;
}

/** Replaces any pending invitation of the user by a new one. */
export async function issueInvitation(
  tx: Db,
  options: { organizationId: string; userId: string; createdBy: string | null; now: Date },
): Promise<IssuedInvitation> {
  await tx
    .delete(userInvitations)
    .where(and(eq(userInvitations.userId, options.userId), isNull(userInvitations.acceptedAt)));
  const token = randomToken();
  const expiresAt = new Date(options.now.getTime() + INVITATION_TTL_MS);
  await tx.insert(userInvitations).values({
    organizationId: options.organizationId,
    userId: options.userId,
    tokenHash: hashInvitationToken(token),
    expiresAt,
    createdBy: options.createdBy,
    createdAt: options.now,
  });
  return { token, url: invitationPath(token), expiresAt: expiresAt.toISOString() };
}
