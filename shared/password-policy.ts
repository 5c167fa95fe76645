/**
 * Password policy (OWASP ASVS 6.2), shared by the server (which enforces it: server/modules/auth/password-policy.ts)
 * and the web forms (which show a strength hint as the person types). Pure: the list of common passwords
 * (shared/password-policy/common-passwords.txt) is loaded by each side and passed in as `isCommon`.
 *
 * A password is refused when it is shorter than 8 or longer than 200 characters, when it is a common password,
 * or when it is the username (or the username reversed). Comparisons ignore case and accents, and also apply to
 * the password without its trailing digits and symbols ("Azerty123!" is "azerty", "jdupont2024" is "jdupont"),
 * which is how most common passwords are "strengthened".
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** The password without its trailing digits and symbols is compared to the list only from this length on. */
export const STRIPPED_MIN_LENGTH = 6;

export const PASSWORD_TOO_SHORT_MESSAGE = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`;
export const PASSWORD_TOO_LONG_MESSAGE = 'Le mot de passe est trop long';
export const PASSWORD_COMMON_MESSAGE = 'Ce mot de passe est trop courant : choisissez-en un autre';
export const PASSWORD_IS_USERNAME_MESSAGE = "Le mot de passe ne doit pas être votre nom d'utilisateur";

export interface PasswordContext {
  /** The account's username; empty when not known yet (sign-up form before it is typed). */
  username?: string;
  /** Whether a normalized candidate (see `passwordCandidates`) is in the common-password list. */
  isCommon?: (candidate: string) => boolean;
}

/** Lower case without accents: "Chérie" -> "cherie". Used for the password, the username and the list. */
export function normalizePassword(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "azerty123!" -> "azerty": the text without its trailing run of non-letters. */
export function stripTrailingNonLetters(text: string): string {
  return text.replace(/[^\p{L}]+$/u, '');
}

/**
 * The forms compared with the list: the normalized password, and its stripped form when that is a different word of
 * at least STRIPPED_MIN_LENGTH characters.
 */
export function passwordCandidates(password: string): string[] {
  const full = normalizePassword(password);
  const stripped = stripTrailingNonLetters(full);
  return stripped !== full && stripped.length >= STRIPPED_MIN_LENGTH ? [full, stripped] : [full];
}

/** One entry a line; blank lines and `#` comments skipped; entries normalized like passwords. */
export function parseCommonPasswords(text: string): Set<string> {
  const set = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const entry = line.trim();
    if (entry && !entry.startsWith('#')) set.add(normalizePassword(entry));
  }
  return set;
}

function isUsername(password: string, username: string): boolean {
  const name = normalizePassword(username.trim());
  if (!name) return false;
  const reversed = [...name].reverse().join('');
  const full = normalizePassword(password);
  return [full, stripTrailingNonLetters(full)].some((form) => form === name || form === reversed);
}

/** The French reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  if (context.username && isUsername(password, context.username)) return PASSWORD_IS_USERNAME_MESSAGE;
  const isCommon = context.isCommon;
  if (isCommon && passwordCandidates(password).some((candidate) => isCommon(candidate))) {
    return PASSWORD_COMMON_MESSAGE;
  }
  return null;
}

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const PASSWORD_SCORE_LABELS = ['Très faible', 'Faible', 'Moyen', 'Fort', 'Très fort'] as const;

export interface PasswordStrength {
  score: PasswordScore;
  label: (typeof PASSWORD_SCORE_LABELS)[PasswordScore];
  /** Why the password is refused (passwordProblem), or null. */
  problem: string | null;
}

/** Size of the alphabet the password draws from: lower case, upper case, digits, anything else. */
function poolSize(password: string): number {
  let pool = 0;
  if (/\p{Ll}/u.test(password)) pool += 26;
  if (/\p{Lu}/u.test(password)) pool += 26;
  if (/\d/.test(password)) pool += 10;
  if (/[^\p{L}\d]/u.test(password)) pool += 33;
  return pool;
}

/**
 * Characters that add something: a character that repeats the previous one or follows it in a run ("aaa",
 * "abc", "321") does not count.
 */
function effectiveLength(password: string): number {
  const codes = [...password].map((c) => c.codePointAt(0) ?? 0);
  return codes.filter((code, i) => i === 0 || Math.abs(code - codes[i - 1]!) > 1).length;
}

/** Estimated bits from which each score starts (1 = Faible … 4 = Très fort). */
const SCORE_THRESHOLDS = [45, 65, 85] as const;

/**
 * A hint for the person typing, not a guarantee: 0 when the policy refuses the password, otherwise 1 to 4 from the
 * length and the variety of characters (effective length x log2 of the alphabet size).
 */
export function passwordStrength(password: string, context: PasswordContext = {}): PasswordStrength {
  const problem = passwordProblem(password, context);
  let score: PasswordScore = 0;
  if (!problem) {
    const bits = effectiveLength(password) * Math.log2(poolSize(password));
    score = (1 + SCORE_THRESHOLDS.filter((threshold) => bits >= threshold).length) as PasswordScore;
  }
  return { score, label: PASSWORD_SCORE_LABELS[score], problem };
}
