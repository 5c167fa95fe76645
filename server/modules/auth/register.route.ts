import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { registerSchema } from '@shared/schemas/auth';
import { slugify } from '@shared/slug';
import { freeSlug } from '../../db/free-slug';
import { isUniqueViolation } from '../../db/pg-errors';
import { organizations, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { defineLimit, routeLimit } from '../../http/rate-limits';
import { hashPassword } from './password';
import { assertPasswordAcceptable } from './password-policy';
import { productWordFromSettings } from './product-word';
import { signIn } from './sign-in';

export const USERNAME_TAKEN_MESSAGE = "Ce nom d'utilisateur n'est pas disponible";
export const SIGNUP_DISABLED_MESSAGE = 'Les inscriptions sont désactivées sur cette installation';
export const REGISTER_RATE_LIMITED_MESSAGE = "Trop d'inscriptions depuis cette adresse. Réessayez plus tard.";

/**
 * Sign-up must say when a username is taken, which tells that it exists: that answer is rationed (ADR 0002).
 * Each attempt is counted before it is evaluated, per address and for the whole installation.
 */
export const REGISTER_PER_ADDRESS = defineLimit({
  name: 'register-address',
  max: 10,
  windowMs: 60 * 60_000,
  key: (request) => request.ip,
  message: REGISTER_RATE_LIMITED_MESSAGE,
});
export const REGISTER_IN_TOTAL = defineLimit({
  name: 'register-total',
  max: 100,
  windowMs: 60 * 60_000,
  key: () => 'all',
  message: "Trop d'inscriptions en ce moment. Réessayez plus tard.",
});

const usernameTaken = (): AppError =>
  new AppError('USERNAME_TAKEN', USERNAME_TAKEN_MESSAGE, { username: [USERNAME_TAKEN_MESSAGE] });

/**
 * POST /api/register: creates a new organization whose first user is its admin, and signs them in.
 * Staff of an existing organization are created from /users, not here.
 */
export async function registerRoute(app: FastifyInstance): Promise<void> {
  const config = { public: true, rateLimit: routeLimit(REGISTER_PER_ADDRESS) };
  app.post('/api/register', { config }, async (request, reply) => {
    if (!app.config.allowSignup) throw new AppError('SIGNUP_DISABLED', SIGNUP_DISABLED_MESSAGE);
    await app.checkLimit(REGISTER_IN_TOTAL, request, reply);
    const input = parseInput(registerSchema, request.body);
    assertPasswordAcceptable(input.password, input.username);
    const now = app.now();
    // Hashed first: a taken name answers after the same work as a free one (no timing difference).
    const passwordHash = await hashPassword(input.password);
    const [existing] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
      .limit(1);
    if (existing) throw usernameTaken();

    const organizationName = `Bijouterie ${input.firstName} ${input.lastName}`;
    const slug = await freeSlug(app.db, organizations.slug, slugify(organizationName, 'organisation'));
    let created: { userId: string; organizationId: string; settings: Record<string, unknown> };
    try {
      created = await app.db.transaction(async (tx) => {
        const [org] = await tx
          .insert(organizations)
          .values({ name: organizationName, slug, createdAt: now, updatedAt: now })
          .returning({ id: organizations.id, settings: organizations.settings });
        const [user] = await tx
          .insert(users)
          .values({
            organizationId: org!.id,
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: 'admin',
            passwordHash,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        return { userId: user!.id, organizationId: org!.id, settings: org!.settings };
      });
    } catch (error) {
      // Another sign-up took the username meanwhile. (Two sign-ups of one organization name at the same
      // instant: the second fails on the slug index, and simply retrying succeeds.)
      if (isUniqueViolation(error, 'users_username_lower_idx')) throw usernameTaken();
      throw error;
    }

    return signIn(app, request, reply, {
      id: created.userId,
      organizationId: created.organizationId,
      organizationName,
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'admin',
      productWord: productWordFromSettings(created.settings),
    });
  });
}
