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
 * a jump beyond the instrument's bound versus the last good value.
 */
export function checkReading(
  instrument: Instrument,
  raw: string,
  lastGood: string | null,
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
  if (lastGood && !options.trusted) {
    const last = new Decimal(lastGood);
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
 * Tracks rejected jumps per instrument: a move beyond the bound is accepted once JUMP_CONFIRMATIONS
 * consecutive readings agree with each other (within the bound), so a lasting market move or a switch
 * of provider cannot lock an instrument out forever, while a one-off lie is still rejected.
 */
export class JumpConfirmations {
  private readonly pending = new Map<Instrument, { value: string; count: number }>();

  /** Records a rejected jump; returns true when it is now confirmed (and forgets it). */
  confirm(instrument: Instrument, value: string): boolean {
    const previous = this.pending.get(instrument);
    const agrees =
      previous !== undefined &&
      new Decimal(value).minus(previous.value).abs().div(previous.value).lte(JUMP_BOUNDS[instrument]);
    const count = agrees ? previous.count + 1 : 1;
    if (count >= JUMP_CONFIRMATIONS) {
      this.pending.delete(instrument);
      return true;
    }
    this.pending.set(instrument, { value, count });
    return false;
  }

  clear(instrument: Instrument): void {
    this.pending.delete(instrument);
  }
}
