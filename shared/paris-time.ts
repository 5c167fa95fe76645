/**
 * Instants and the wall clocks of Paris (Europe/Paris: UTC+1 in winter, UTC+2 in summer), both ways, through
 * Intl only (no time-zone library). Legal periods of the shop (the 48 hours of a gold buy-back) are counted on
 * these clocks.
 */

/** The time zone of the shop's legal dates and hours. */
export const PARIS_TIME_ZONE = 'Europe/Paris';

/** A date and time as read on a clock in Paris; month 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const parisParts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const DAY_MS = 86_400_000;

/** The Paris wall clock of an instant. */
export function parisWallClock(instant: Date): WallClock {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('invalid date');
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millisecond: 0 };
  for (const part of parisParts.formatToParts(instant)) {
    if (part.type !== 'literal' && part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  wall.millisecond = ((time % 1000) + 1000) % 1000;
  return wall;
}

/** Paris offset from UTC at an instant, in milliseconds (3,600,000 in winter, 7,200,000 in summer). */
function parisOffsetMs(time: number): number {
  return wallAsUtc(parisWallClock(new Date(time))) - time;
}

/** The wall clock read as if it were UTC; fields out of range roll over (day 32 of January is 1 February). */
function wallAsUtc(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/**
 * The instant a Paris clock shows `wall`. Fields out of range roll over as in `Date.UTC` (day 32 of January is
 * 1 February), so `{ ...wall, day: wall.day + 2 }` is the same hour two calendar days later. At the autumn change
 * an hour shown twice gives the earlier instant; in spring an hour that is never shown (02:00-02:59 on the last
 * Sunday of March) moves forward by the hour skipped (02:30 gives 03:30 summer time).
 */
export function parisInstant(wall: WallClock): Date {
  const asUtc = wallAsUtc(wall);
  if (Number.isNaN(asUtc)) throw new RangeError('invalid wall clock');
  // Clocks change at most twice a year: the offsets a day before and a day after bracket any change.
  const offsetBefore = parisOffsetMs(asUtc - DAY_MS);
  const offsetAfter = parisOffsetMs(asUtc + DAY_MS);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
    (time) => wallAsUtc(parisWallClock(new Date(time))) === asUtc,
  );
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - offsetBefore);
}

/** The calendar day (YYYY-MM-DD) of a wall clock, after any roll-over of its fields. */
export function wallClockDay(wall: WallClock): string {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).toISOString().slice(0, 10);
}
