/** Dates of the gold buy-back screens, on the wall clock of Paris (where the shop and its register are). */

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "25/11/2026 14:05" (Paris time); a dash when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date).replace(',', '');
}

/** Today's day in Paris, "2026-11-25". */
export function parisToday(now: Date = new Date()): string {
  return DAY.format(now);
}
