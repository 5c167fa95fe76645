import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { loginSchema } from '@shared/schemas/auth';
import { organizations, users } from '../../db/schema';
import { userIdentityColumns } from '../../db/user-columns';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { recordSecurityEvent } from '../../access/security-journal';
import { isKnownSource, rememberSource } from './known-sources';
import {
  ACCOUNT_POLICY,
  ACCOUNT_SOURCE_POLICY,
  ADDRESS_POLICY,
  accountKey,
  accountSourceKey,
  addressKey,
  releaseAttempt,
  reserveAttempt,
  resetKey,
  type AttemptPolicy,
} from './login-throttle';
import { burnPasswordCheck, verifyPassword } from './password';
import { productWordFromSettings } from './product-word';
import { signIn } from './sign-in';

export const INVALID_CREDENTIALS_MESSAGE = "Nom d'utilisateur ou mot de passe incorrect";
export const LOGIN_RATE_LIMITED_MESSAGE = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

async function findAccount(app: FastifyInstance, username: string) {
  const [row] = await app.db
    .select({
      ...userIdentityColumns,
      active: users.active,
      passwordHash: users.passwordHash,
      organizationName: organizations.name,
      organizationStatus: organizations.status,
      organizationSettings: organizations.settings,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

interface Counted {
  key: string;
  policy: AttemptPolicy;
}

/**
 * Reserves the attempt on every key that applies before the password is checked (ADR 0002): this account
 * from this address, this address, and — unless this browser or address signed in as the account
 * before — the account itself. Answers the reserved keys, or throws the 429 with Retry-After.
 */
async function reserve(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  userId: string | undefined,
  now: Date,
): Promise<Counted[]> {
  const keys: Counted[] = [
    { key: accountSourceKey(username, request.ip), policy: ACCOUNT_SOURCE_POLICY },
    { key: addressKey(request.ip), policy: ADDRESS_POLICY },
  ];
  const known = userId ? await isKnownSource(app, request, userId, now) : false;
  if (!known) keys.push({ key: accountKey(username), policy: ACCOUNT_POLICY });
  const reserved: Counted[] = [];
  for (const counted of keys) {
    const reservation = await reserveAttempt(app.db, counted.key, now, counted.policy);
    if (!reservation.allowed) {
      // What was reserved for this refused attempt is given back: it was never evaluated.
      for (const done of reserved) await releaseAttempt(app.db, done.key, done.policy);
      void reply.header('retry-after', String(Math.ceil(reservation.retryAfterMs / 1000)));
      throw new AppError('RATE_LIMITED', LOGIN_RATE_LIMITED_MESSAGE);
    }
    reserved.push(counted);
  }
  return reserved;
}

/**
 * POST /api/login: one generic error for every failure (unknown user, wrong password, inactive
 * user, suspended organization), a password check in every case (constant-ish time), each attempt
 * reserved on its throttling keys before the check (login-throttle.ts).
 */
export async function loginRoute(app: FastifyInstance): Promise<void> {
  app.post('/api/login', { config: { public: true } }, async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const now = app.now();
    const row = await findAccount(app, input.username);
    const reserved = await reserve(app, request, reply, input.username, row?.id, now);

    let passwordOk = false;
    if (row) passwordOk = await verifyPassword(row.passwordHash, input.password);
    else await burnPasswordCheck(input.password);

    if (!row || !passwordOk || !row.active || row.organizationStatus !== 'active') {
      // Error journal: the reason stays server-side; the answer remains generic.
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

    // The right password: this attempt was no guess.
    await resetKey(app.db, accountSourceKey(input.username, request.ip));
    for (const counted of reserved.filter((c) => c.policy !== ACCOUNT_SOURCE_POLICY)) {
      await releaseAttempt(app.db, counted.key, counted.policy);
    }
    await rememberSource(app, request, reply, row.id, now);
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
