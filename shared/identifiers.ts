/**
 * French company identifiers (pure, shared by the settings form and the API):
 * SIREN (9 digits) and SIRET (14 digits) carry a Luhn check digit; the intra-community VAT number is
 * FR + a 2-digit key + the SIREN, key = (12 + 3 x (SIREN mod 97)) mod 97.
 */

/** Luhn check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Removes spaces, dots and dashes people type in identifiers ("732 829 320" -> "732829320"). */
export function compactIdentifier(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export function isValidSiren(value: string): boolean {
  const v = compactIdentifier(value);
  return /^\d{9}$/.test(v) && luhnValid(v);
}

/** La Poste's SIRETs (SIREN 356000000) use a digit-sum rule instead of Luhn. */
export function isValidSiret(value: string): boolean {
  const v = compactIdentifier(value);
  if (!/^\d{14}$/.test(v)) return false;
  if (v.startsWith('356000000')) return [...v].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return luhnValid(v);
}

/** The 2-digit key of a French VAT number for a SIREN. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** "FR" + key + SIREN, with a valid SIREN and the right key. */
export function isValidFrenchVat(value: string): boolean {
  const v = compactIdentifier(value);
  const match = /^FR(\d{2})(\d{9})$/.exec(v);
  if (!match) return false;
  const [, key, siren] = match;
  return isValidSiren(siren!) && frenchVatKey(siren!) === key;
}
