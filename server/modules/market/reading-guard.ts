import Decimal from 'decimal.js';
import type { Instrument } from '@shared/constants';

/** Largest believable move between two readings: 20 % for metals, 10 % for FX pairs. */
export const JUMP_BOUNDS: Readonly<Record<Instrument, string>> = {
  XAU: '0.20',
  XAG: '0.20',
  XPT: '0.20',
  'USD/EUR': '0.10',
  'ILS/EUR': '0.10',
};

/** numeric(20, 8) in the database: values are normalised to 8 decimals everywhere. */
export function normaliseValue(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
}

export type GuardResult =
  | { ok: true; value: string }
  /** `jump` is set when the only fault is the size of the move (the engine may accept it once confirmed). */
  | { ok: false; reason: string; jump?: string };

/**
 * Rejects nonsense from a feed: not a number, <= 0, too large for the column, or (unless trusted)
 * a jump beyond the instrument's bound versus `reference`: the engine passes the source's own last
 * accepted reading, or another feed's (never a typed one), see jump-reference.ts.
 */
export function checkReading(
  instrument: Instrument,
  raw: string,
  reference: string | null,
  options: { trusted?: boolean } = {},
): GuardResult {
  let value: Decimal;
  try {
    value = new Decimal(raw);
  } catch {
    return { ok: false, reason: `${instrument}: valeur non numérique` };
  }
  if (!value.isFinite()) return { ok: false, reason: `${instrument}: valeur non numérique` };
  const normalised = value.toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  if (normalised.lte(0)) return { ok: false, reason: `${instrument}: valeur <= 0` };
  if (normalised.gte('1e12')) return { ok: false, reason: `${instrument}: valeur hors limites` };
  if (reference && !options.trusted) {
    const last = new Decimal(reference);
    const move = normalised.minus(last).abs().div(last);
    if (move.gt(JUMP_BOUNDS[instrument])) {
      return {
        ok: false,
        reason: `${instrument}: saut de ${move.mul(100).toFixed(1)} % rejeté`,
        jump: normalised.toFixed(),
      };
    }
  }
  return { ok: true, value: normalised.toFixed() };
}

/** Consecutive agreeing readings after which a large move is believed (the market really moved). */
export const JUMP_CONFIRMATIONS = 5;

/**
 * Tracks rejected jumps per source and instrument: a move beyond the bound is accepted once
 * JUMP_CONFIRMATIONS consecutive readings of that source agree with each other (within the bound), so a
 * lasting market move cannot lock a feed out forever, while a one-off lie is still rejected.
 * `scope` is the data source (the engine passes its id); readings of two sources never add up.
 */
export class JumpConfirmations {
  private readonly pending = new Map<string, { value: string; count: number }>();

  /** Records a rejected jump; returns true when it is now confirmed (and forgets it). */
  confirm(instrument: Instrument, value: string, scope = ''): boolean {
    const key = `${scope}|${instrument}`;
    const previous = this.pending.get(key);
    const agrees =
      previous !== undefined &&
      new Decimal(value).minus(previous.value).abs().div(previous.value).lte(JUMP_BOUNDS[instrument]);
    const count = agrees ? previous.count + 1 : 1;
    if (count >= JUMP_CONFIRMATIONS) {
      this.pending.delete(key);
      return true;
    }
    this.pending.set(key, { value, count });
    return false;
  }

  clear(instrument: Instrument, scope = ''): void {
    this.pending.delete(`${scope}|${instrument}`);
  }
}
