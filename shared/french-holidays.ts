/**
 * Public holidays of metropolitan France (Code du travail L3133-1): 1 January, Easter Monday, 1 May, 8 May,
 * Ascension Thursday, Whit Monday, 14 July, 15 August, 1 November, 11 November and 25 December. The days Alsace and
 * Moselle add (Good Friday, 26 December) and those of the overseas departments are not included. Days are written
 * YYYY-MM-DD.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years of the Gregorian calendar this module computes. */
const FIRST_YEAR = 1583;
const LAST_YEAR = 9999;

const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'] as const;
/** Days after Easter Sunday: Easter Monday, Ascension Thursday, Whit Monday. */
const EASTER_OFFSETS = [1, 39, 50] as const;

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`year out of range ${FIRST_YEAR}-${LAST_YEAR}: ${year}`);
  }
}

function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Month (1-12) and day of Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
function easterMonthDay(year: number): { month: number; day: number } {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** The date of Easter Sunday (YYYY-MM-DD) in the Gregorian calendar (years 1583 to 9999). */
export function easterSunday(year: number): string {
  const { month, day } = easterMonthDay(year);
  return isoDay(year, month, day);
}

/**
 * The public holidays of a year in metropolitan France, sorted, each day once (Ascension Thursday may fall on
 * 1 May, as in 2008: the year then has 10 days off instead of 11).
 */
export function frenchPublicHolidays(year: number): string[] {
  const easter = easterMonthDay(year);
  const days = [
    ...FIXED_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`),
    ...EASTER_OFFSETS.map((offset) => isoDay(year, easter.month, easter.day + offset)),
  ];
  return [...new Set(days)].sort();
}

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = ISO_DAY.exec(day);
  const [year, month, date] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || isoDay(year, month, date) !== day) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return { year, month, date };
}

/** Whether a day (YYYY-MM-DD) is a public holiday in metropolitan France. */
export function isFrenchPublicHoliday(day: string): boolean {
  const { year } = parseDay(day);
  return frenchPublicHolidays(year).includes(day);
}

/** Whether a day (YYYY-MM-DD) is a working day: Monday to Friday and not a public holiday. */
export function isFrenchWorkingDay(day: string): boolean {
  const { year, month, date } = parseDay(day);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFrenchPublicHoliday(day);
}
