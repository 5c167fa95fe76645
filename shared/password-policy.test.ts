import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_IS_USERNAME_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  parseCommonPasswords,
  passwordCandidates,
  passwordProblem,
  passwordStrength,
} from './password-policy';

const listText = readFileSync(new URL('./password-policy/common-passwords.txt', import.meta.url), 'utf8');
const common = parseCommonPasswords(listText);
const isCommon = (candidate: string): boolean => common.has(candidate);

describe('passwordProblem', () => {
  it('refuses fewer than 8 and more than 200 characters', () => {
    expect(passwordProblem('bK7#qz!')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(passwordProblem('bK7#qz!w')).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Le mot de passe doit contenir au moins 8 caractères');
  });

  it('refuses common passwords, ignoring case, accents and trailing digits or symbols', () => {
    for (const password of [
      'password',
      'azertyuiop',
      'AZERTY123',
      'Azerty123!',
      'motdepasse',
      'Soleil13!',
      'chérie2024',
    ]) {
      expect(passwordProblem(password, { isCommon }), password).toBe(PASSWORD_COMMON_MESSAGE);
    }
    expect(PASSWORD_COMMON_MESSAGE).toBe('Ce mot de passe est trop courant : choisissez-en un autre');
  });

  it('compares the stripped form only when 6 characters or more remain', () => {
    expect(passwordCandidates('Azerty123!')).toEqual(['azerty123!', 'azerty']);
    expect(passwordCandidates('abcde123')).toEqual(['abcde123']);
    expect(passwordCandidates('bijouterie')).toEqual(['bijouterie']);
    const onlyAbcde = (candidate: string): boolean => candidate === 'abcde';
    expect(passwordProblem('abcde123', { isCommon: onlyAbcde })).toBeNull();
  });

  it('refuses the username, case-insensitive, reversed or followed by digits', () => {
    for (const password of ['Jdupont-bijoux', 'JDUPONT-BIJOUX', 'xuojib-tnopudj', 'jdupont-bijoux2024!']) {
      expect(passwordProblem(password, { username: 'jdupont-bijoux' }), password).toBe(PASSWORD_IS_USERNAME_MESSAGE);
    }
    expect(passwordProblem('jdupont-bijoux-atelier', { username: 'jdupont-bijoux' })).toBeNull();
    expect(PASSWORD_IS_USERNAME_MESSAGE).toBe("Le mot de passe ne doit pas être votre nom d'utilisateur");
  });

  it('accepts the passwords the other tests use', () => {
    // server/test/harness.ts, the API tests and tests/e2e.
    const used = [
      'motdepasse-solide-1',
      'nouveau-secret-1',
      'mon-nouveau-secret-42',
      'atelier-secret-9',
      'un-mot-de-passe-solide',
      'demo1234-nouveau',
      'atelier-2026',
      'bague-saphir-18',
    ];
    for (const password of used) {
      expect(passwordProblem(password, { username: 'user1_abc123', isCommon }), password).toBeNull();
    }
  });
});

describe('common-passwords.txt', () => {
  it('holds the top of the zxcvbn list and French passwords, normalized, only entries that can match', () => {
    expect(common.size).toBeGreaterThan(8000);
    for (const entry of [
      'password',
      'iloveyou',
      'trustno1',
      'azerty',
      'motdepasse',
      'doudou',
      'marseille',
      '123soleil',
    ]) {
      expect(common.has(entry), entry).toBe(true);
    }
    const canMatch = (entry: string): boolean => entry.length >= 8 || (entry.length >= 6 && /\p{L}$/u.test(entry));
    const normalized = (entry: string): boolean =>
      entry === entry.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect([...common].filter((entry) => !canMatch(entry) || !normalized(entry))).toEqual([]);
  });

  it('parses one entry a line, skipping blank lines and # comments', () => {
    expect([...parseCommonPasswords('# comment\n\nAzerty\r\n  Chérie  \n')]).toEqual(['azerty', 'cherie']);
  });
});

describe('passwordStrength', () => {
  it('is "Très faible" when the policy refuses the password', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, label: 'Très faible' });
    expect(passwordStrength('Ab1!')).toMatchObject({ score: 0, label: 'Très faible' });
    expect(passwordStrength('Azerty123!', { isCommon })).toEqual({
      score: 0,
      label: 'Très faible',
      problem: PASSWORD_COMMON_MESSAGE,
    });
    expect(passwordStrength('jdupont2024', { username: 'jdupont' }).score).toBe(0);
  });

  it('grows with length and variety of characters, runs and repeats adding nothing', () => {
    expect(passwordStrength('abcdefghijkl')).toMatchObject({ score: 1, label: 'Faible' });
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaa')).toMatchObject({ score: 1, label: 'Faible' });
    expect(passwordStrength('bijouterie')).toMatchObject({ score: 1, label: 'Faible' });
    expect(passwordStrength('Bijoux2024')).toMatchObject({ score: 2, label: 'Moyen' });
    expect(passwordStrength('Bijoux-2024')).toMatchObject({ score: 3, label: 'Fort' });
    expect(passwordStrength('saphir et rubis sur la bague')).toMatchObject({ score: 4, label: 'Très fort' });
    expect(passwordStrength('motdepasse-solide-1', { isCommon })).toMatchObject({ score: 4, problem: null });
  });
});
