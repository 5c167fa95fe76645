/**
 * Exact decimal numbers as scaled BigInts (value = units / 10^scale), for the browser: the few operations the
 * web needs (parse, multiply, compare, round half-up) in under 1 KB instead of shipping the Decimal library. The
 * server keeps that library (shared/pricing.ts); shared/pricing-exact.test.ts checks both give the same results.
 */
const NUMBER_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const MAX_SCALE = 1000;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export class ExactDecimal {
  constructor(
    readonly units: bigint,
    readonly scale = 0,
  ) {}

  /** Parses "12.5", "12,5", " -0.75 ", "1e-7" or a finite number; null for anything else. */
  static parse(value: unknown): ExactDecimal | null {
    if (typeof value === 'number' && !Number.isFinite(value)) return null;
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    const text = typeof value === 'string' ? value.trim().replace(',', '.') : String(value);
    const match = NUMBER_PATTERN.exec(text);
    if (!match) return null;
    const [, sign = '', whole = '', fraction = '', exponentText] = match;
    if (whole === '' && fraction === '') return null;
    const exponent = exponentText === undefined ? 0 : Number(exponentText);
    let scale = fraction.length - exponent;
    if (!Number.isSafeInteger(exponent) || Math.abs(scale) > MAX_SCALE) return null;
    let units = BigInt(`${whole}${fraction}`);
    if (scale < 0) {
      units *= pow10(-scale);
      scale = 0;
    }
    return new ExactDecimal(sign === '-' ? -units : units, scale);
  }

  private at(scale: number): bigint {
    return this.units * pow10(scale - this.scale);
  }

  mul(other: ExactDecimal | string): ExactDecimal {
    const b = typeof other === 'string' ? ExactDecimal.parse(other) : other;
    if (!b) throw new RangeError(`not a decimal: ${String(other)}`);
    return new ExactDecimal(this.units * b.units, this.scale + b.scale);
  }

  plus(other: ExactDecimal): ExactDecimal {
    const scale = Math.max(this.scale, other.scale);
    return new ExactDecimal(this.at(scale) + other.at(scale), scale);
  }

  minus(other: ExactDecimal): ExactDecimal {
    const scale = Math.max(this.scale, other.scale);
    return new ExactDecimal(this.at(scale) - other.at(scale), scale);
  }

  /** -1, 0 or 1, like Decimal#comparedTo. */
  comparedTo(other: ExactDecimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.at(scale);
    const b = other.at(scale);
    return a === b ? 0 : a > b ? 1 : -1;
  }

  isPositive(): boolean {
    return this.units > 0n;
  }

  /** Rounds to `places` decimals, ties away from zero (Decimal.ROUND_HALF_UP). */
  toDecimalPlacesHalfUp(places: number): ExactDecimal {
    if (this.scale <= places) return this;
    const divisor = pow10(this.scale - places);
    const quotient = this.units / divisor;
    const remainder = this.units % divisor;
    const magnitude = remainder < 0n ? -remainder : remainder;
    const bump = magnitude * 2n >= divisor ? (this.units < 0n ? -1n : 1n) : 0n;
    return new ExactDecimal(quotient + bump, places);
  }

  /** Rounded half-up to `places` decimals and written with exactly that many ("24.50"), like Decimal#toFixed. */
  toFixed(places: number): string {
    const rounded = this.toDecimalPlacesHalfUp(places);
    const units = rounded.units * pow10(places - rounded.scale);
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
    const body =
      places > 0 ? `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}` : digits;
    return negative && /[1-9]/.test(body) ? `-${body}` : body;
  }

  /** Plain notation without trailing zeros ("1234.5", "0", "-0.001"), as Decimal#toString for usual values. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString();
    let body = digits;
    if (this.scale > 0) {
      const padded = digits.padStart(this.scale + 1, '0');
      const whole = padded.slice(0, padded.length - this.scale);
      const fraction = padded.slice(padded.length - this.scale).replace(/0+$/, '');
      body = fraction ? `${whole}.${fraction}` : whole;
    }
    return negative && body !== '0' ? `-${body}` : body;
  }
}
