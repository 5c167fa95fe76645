import { formatDateFr, formatNumber } from '@shared/format';
import { FEED_UPLOAD_MAX_BYTES } from '@shared/schemas/diamond-feeds';

const TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** "26/11/2026 à 14:05": when a run started, in French. */
export function formatRunTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatDateFr(iso);
  return `${formatDateFr(date)} à ${TIME.format(date)}`;
}

/** A count of rows or stones, French grouping ("12 345"). */
export const formatCount = (n: number): string => formatNumber(n, 0);

/** "1 rejetée", "3 rejetées": a count with its word, singular for 0 and 1 as French has it. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n <= 1 ? singular : plural}`;
}

/** A size in bytes as "850 Ko" or "12,4 Mo". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.ceil(bytes / 1024)), 0)} Ko`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} Mo`;
}

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/**
 * A URL feed's schedule in words: "toutes les 30 min", "toutes les heures", "toutes les 6 h", "tous les jours",
 * "tous les 2 jours", "toutes les semaines". A period of one unit takes no number ("toutes les heures", never
 * "toutes les 1 h").
 */
export function formatSchedule(minutes: number | null): string {
  if (minutes === null) return 'à la demande';
  if (minutes > 0 && minutes % MINUTES_PER_WEEK === 0) {
    const weeks = minutes / MINUTES_PER_WEEK;
    return weeks === 1 ? 'toutes les semaines' : `toutes les ${formatCount(weeks)} semaines`;
  }
  if (minutes > 0 && minutes % MINUTES_PER_DAY === 0) {
    const days = minutes / MINUTES_PER_DAY;
    return days === 1 ? 'tous les jours' : `tous les ${formatCount(days)} jours`;
  }
  if (minutes > 0 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'toutes les heures' : `toutes les ${formatCount(hours)} h`;
  }
  return minutes === 1 ? 'toutes les minutes' : `toutes les ${formatCount(minutes)} min`;
}

/**
 * The upload's progress as a screen reader hears it: rounded down to a step of 10 %, so that the spoken text
 * changes ten times at most while the bar itself follows every byte.
 */
export function announcedPercent(percent: number): number {
  return Math.min(100, Math.max(0, Math.floor(percent / 10) * 10));
}

/** "200 Mo": the largest file an import reads. */
export const UPLOAD_LIMIT_TEXT = `${formatNumber(FEED_UPLOAD_MAX_BYTES / (1024 * 1024), 0)} Mo`;
