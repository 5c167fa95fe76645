import { withFilter, type ListState } from './list-state';

/**
 * "Afficher les archivés": the `archived` filter of lists whose records are archived, not deleted.
 * `feminine` agrees the label with a feminine noun ("les étapes archivées").
 */
export function ArchivedToggle({
  state,
  onStateChange,
  feminine = false,
}: {
  state: ListState;
  onStateChange: (s: ListState) => void;
  feminine?: boolean;
}) {
  return (
    <label className="flex h-9 items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={state.filters.archived === 'true'}
        onChange={(e) => onStateChange(withFilter(state, 'archived', e.target.checked ? 'true' : 'false'))}
      />
      {feminine ? 'Afficher les archivées' : 'Afficher les archivés'}
    </label>
  );
}
