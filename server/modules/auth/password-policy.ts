import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommonPasswords, passwordProblem } from '@shared/password-policy';
import { AppError } from '../../http/errors';

export const COMMON_PASSWORDS_FILE = 'common-passwords.txt';

/** Source layout (shared/password-policy/) or built layout (dist/server/, copied there by scripts/build.mjs). */
function commonPasswordsPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, COMMON_PASSWORDS_FILE),
    path.join(here, '..', '..', '..', 'shared', 'password-policy', COMMON_PASSWORDS_FILE),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${COMMON_PASSWORDS_FILE} not found near ${here}`);
  return found;
}

/** Read once, when the server starts (this module is imported by the routes that set passwords). */
const commonPasswords: ReadonlySet<string> = parseCommonPasswords(readFileSync(commonPasswordsPath(), 'utf8'));

/** `candidate` is normalized (shared/password-policy.ts `passwordCandidates`). */
export function isCommonPassword(candidate: string): boolean {
  return commonPasswords.has(candidate);
}

/**
 * Throws a 400 VALIDATION_FAILED with `fieldErrors[field]` when the policy refuses a person-chosen password
 * (too short or long, common, equal to the username). `field` is the body field that carried the password.
 */
export function assertPasswordAcceptable(password: string, username: string, field = 'password'): void {
  const problem = passwordProblem(password, { username, isCommon: isCommonPassword });
  if (problem) throw new AppError('VALIDATION_FAILED', 'Données invalides', { [field]: [problem] });
}
