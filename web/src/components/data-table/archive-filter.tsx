import { useId } from 'react';
import { cn } from '@/lib/class-merge';
import { withFilter, type ListState } from './list-state';

/**
 * Which records of an archivable list are shown: the `archived` filter of every list whose records
 * are archived, not deleted (server: `archived=false|true|all`, shared/schemas/lists.ts).
 */
export type ArchiveView = 'false' | 'true' | 'all';

const VIEWS: readonly ArchiveView[] = ['false', 'true', 'all'];
const LABELS: Readonly<Record<'masculine' | 'feminine', Readonly<Record<ArchiveView, string>>>> = {
  masculine: { false: 'Actifs', true: 'Archivés', all: 'Tous' },
  feminine: { false: 'Actives', true: 'Archivées', all: 'Toutes' },
};

/** The list's archive view; anything else in the URL reads as the default, the active records. */
export function archiveView(state: ListState): ArchiveView {
  const value = state.filters.archived;
  return value === 'true' || value === 'all' ? value : 'false';
}

/**
 * "Actifs / Archivés / Tous": the one archive filter of every list (a group of radio buttons, keyboard
 * arrows move between them). `feminine` agrees the labels with a feminine noun ("Actives / Archivées /
 * Toutes" for production steps and product sheets).
 */
export function ArchiveFilter({
  state,
  onStateChange,
  feminine = false,
}: {
  state: ListState;
  onStateChange: (s: ListState) => void;
  feminine?: boolean;
}) {
  const name = useId();
  const current = archiveView(state);
  const labels = LABELS[feminine ? 'feminine' : 'masculine'];
  return (
    <fieldset className="flex flex-col gap-1" data-testid="archive-filter">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">Archives</legend>
      <div className="inline-flex h-9 items-stretch rounded-md border border-input bg-background p-0.5 shadow-sm">
        {VIEWS.map((view) => (
          <label
            key={view}
            className={cn(
              'relative flex cursor-pointer items-center rounded px-3 text-sm transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              current === view ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={view}
              checked={current === view}
              onChange={() => onStateChange(withFilter(state, 'archived', view))}
              // Over the whole label, transparent: the label is what shows, the radio what is clicked.
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {labels[view]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
