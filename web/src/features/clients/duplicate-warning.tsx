import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import type { ClientDuplicate } from '@shared/schemas/clients';

const MATCH_LABELS = { email: 'même e-mail', phone: 'même téléphone' } as const;

/** Possible duplicates found by the server after a save (same e-mail or phone): a warning, never a block. */
export function DuplicateWarning({ duplicates }: { duplicates: ClientDuplicate[] }) {
  if (duplicates.length === 0) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="duplicate-warning"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">
          {duplicates.length > 1 ? 'Doublons possibles' : 'Doublon possible'} : vérifiez qu’il ne s’agit pas du même
          client.
        </p>
        <ul className="mt-1 list-disc pl-4">
          {duplicates.map((d) => (
            <li key={d.id}>
              <Link to={`/clients/${d.id}`} className="underline underline-offset-2">
                {d.displayName}
              </Link>{' '}
              ({d.matchedOn.map((m) => MATCH_LABELS[m]).join(', ')}
              {d.archived ? ', archivé' : ''})
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
