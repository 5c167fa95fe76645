import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { loginSchema } from '@shared/schemas/auth';
import { organizations, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { ACCOUNT_POLICY, IP_POLICY, accountKey, anyLocked, ipKey, recordEvent, resetKey } from './login-throttle';
import { burnPasswordCheck, verifyPassword } from './password';
import { productWordFromSettings } from './product-word';
import { signIn } from './sign-in';
import { recordSecurityEvent } from '../../access/security-journal';

export const INVALID_CREDENTIALS_MESSAGE = "Nom d'utilisateur ou mot de passe incorrect";
export const LOGIN_RATE_LIMITED_MESSAGE = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

/**
 * POST /api/login: one generic error for every failure (unknown user, wrong password, inactive
 * user, suspended organization), a password check in every case (constant-ish time), failures
 * throttled per account and per IP in the database (shared by every node).
 */
export async function loginRoute(app: FastifyInstance): Promise<void> {
  app.post('/api/login', { config: { public: true } }, async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const now = app.now();
    const keys = [accountKey(input.username), ipKey(request.ip)];
    if (await anyLocked(app.db, keys, now)) {
      throw new AppError('RATE_LIMITED', LOGIN_RATE_LIMITED_MESSAGE);
    }

    const [row] = await app.db
      .select({
        id: users.id,
        organizationId: users.organizationId,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        active: users.active,
        passwordHash: users.passwordHash,
        organizationName: organizations.name,
        organizationStatus: organizations.status,
        organizationSettings: organizations.settings,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
      .limit(1);

    let passwordOk = false;
    if (row) passwordOk = await verifyPassword(row.passwordHash, input.password);
    else await burnPasswordCheck(input.password);

    if (!row || !passwordOk || !row.active || row.organizationStatus !== 'active') {
      await recordEvent(app.db, keys[0]!, now, ACCOUNT_POLICY);
      await recordEvent(app.db, keys[1]!, now, IP_POLICY);
      // Error journal (issue 3): the reason stays server-side; the answer remains generic.
      const reason = !row
        ? 'unknown_user'
        : !passwordOk
          ? 'bad_password'
          : !row.active
            ? 'inactive_user'
            : 'suspended_organization';
      await recordSecurityEvent(app, request, {
        message: 'Échec de connexion',
        organizationId: row?.organizationId ?? null,
        userId: row?.id ?? null,
        context: { reason, username: input.username.slice(0, 100) },
      });
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }

    await resetKey(app.db, keys[0]!);
    return signIn(app, request, reply, {
      id: row.id,
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      productWord: productWordFromSettings(row.organizationSettings),
    });
  });
}
