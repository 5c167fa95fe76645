import type { JournalStats } from '@shared/schemas/journal';

const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** Entries per day as stacked CSS bars (errors red, warnings amber, the rest grey); no chart library. */
export function DailyChart({ days }: { days: JournalStats['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  const total = days.reduce((sum, d) => sum + d.total, 0);
  return (
    <figure className="grid gap-2">
      <div
        className="flex h-28 items-end gap-px rounded-md border bg-muted/30 p-2"
        role="img"
        aria-label={`${total} entrées sur ${days.length} jours`}
      >
        {days.map((d) => {
          const other = d.total - d.error - d.warn;
          const label = `${DAY.format(new Date(`${d.day}T00:00:00Z`))} : ${d.total} entrée(s), ${d.error} erreur(s), ${d.warn} avertissement(s)`;
          return (
            <div key={d.day} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={label}>
              {d.total > 0 && (
                <div
                  className="flex flex-col overflow-hidden rounded-sm"
                  style={{ height: `${(d.total / max) * 100}%` }}
                >
                  <div className="bg-destructive" style={{ flexGrow: d.error }} />
                  <div className="bg-amber-500" style={{ flexGrow: d.warn }} />
                  <div className="bg-muted-foreground/50" style={{ flexGrow: other }} />
                </div>
              )}
            </div>
          );
        })}
      </div>
      <figcaption className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <span>{days[0] ? DAY.format(new Date(`${days[0].day}T00:00:00Z`)) : ''}</span>
        <span className="flex gap-3">
          <span className="flex items-center gap-1">
            <span className="size-2 rounded-sm bg-destructive" aria-hidden="true" /> Erreurs
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2 rounded-sm bg-amber-500" aria-hidden="true" /> Avertissements
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2 rounded-sm bg-muted-foreground/50" aria-hidden="true" /> Autres
          </span>
        </span>
        <span>{days.at(-1) ? DAY.format(new Date(`${days.at(-1)?.day}T00:00:00Z`)) : ''}</span>
      </figcaption>
    </figure>
  );
}
