import { users } from './schema';

/**
 * The columns that say who a user is, selected the same way by sign-in, the session read and the
 * users list (server/modules/users/user-queries.ts adds the account state). Never the password hash.
 */
export const userIdentityColumns = {
  id: users.id,
  organizationId: users.organizationId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};
