import type { AppConfig } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { DiskSpaceGuard } from '../db/disk-space';

/** The signed-in user attached to a request by the auth module. */
export interface SessionUser {
  id: string;
  organizationId: string;
  organizationName: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The organization's product word (shared/constants.ts): menu "Catalogue {menu}", toast "... de {toast} chargée". */
  productWord: { menu: string; toast: string };
  /** Signed in with a temporary password: only signed-in-level routes (account, context) are allowed. */
  mustChangePassword?: boolean;
}

/** The server-side session of a signed-in user, attached to the request. */
export interface RequestSession {
  idHash: string;
  userId: string | null;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DatabaseHandle;
    config: AppConfig;
    /** Refuses writes while the embedded database's disk is nearly full (server/db/disk-space.ts). */
    diskSpace: DiskSpaceGuard;
    /** Clock used by every module, replaceable in tests. */
    now: () => Date;
    /** The same clock in milliseconds, for the paths every request takes (no Date made). */
    nowMs: () => number;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    session: RequestSession | null;
    /** The CSRF token of a visitor who is not signed in, from their signed cookie (anonymous-csrf.ts). */
    anonymousCsrfToken: string | null;
    /** `performance.now()` when the request reached its route (request-id.ts), for its duration. */
    receivedAt: number;
  }
  interface FastifyContextConfig {
    /** `true` for routes a signed-out visitor may call; every other route needs a signed-in user. */
    public?: boolean;
    /** The web app's files (SPA shell, assets, placeholders): no session is loaded. Only with `public`. */
    sessionless?: boolean;
  }
}
