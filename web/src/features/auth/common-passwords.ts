import { parseCommonPasswords } from '@shared/password-policy';

let loading: Promise<ReadonlySet<string>> | null = null;

/**
 * The common-password list (shared/password-policy/common-passwords.txt, ~33 KB gzipped) in its own chunk, downloaded
 * the first time someone types a new password: never part of the initial bundle of /auth (bundle budget). A failed
 * download is retried on the next call; until then the strength hint uses the heuristic alone.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@shared/password-policy/common-passwords.txt?raw').then(
    (module) => parseCommonPasswords(module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
