import { withFilter, type ListState } from './list-state';

/** "Afficher les archivés": the `archived` filter of lists whose records are archived, not deleted. */
export function ArchivedToggle({ state, onStateChange }: { state: ListState; onStateChange: (s: ListState) => void }) {
  return (
    <label className="flex h-9 items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={state.filters.archived === 'true'}
        onChange={(e) => onStateChange(withFilter(state, 'archived', e.target.checked ? 'true' : 'false'))}
      />
      Afficher les archivés
    </label>
  );
}
