import { createContext, useContext } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '@shared/schemas/auth';

export const USER_QUERY_KEY = ['/api/user'] as const;

/**
 * Why no user is signed in: a deliberate sign-out, a session the server ended while the app was signed in
 *, or null when nobody signed in since the page loaded.
 */
export type SignedOutReason = 'logout' | 'session-ended' | null;

export interface AuthContextValue {
  user: CurrentUser | null;
  signedOutReason: SignedOutReason;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<CurrentUser, Error, LoginInput>;
  registerMutation: UseMutationResult<CurrentUser, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
