import type { Ref } from 'react';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { matchReason, type ClientDuplicate } from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';

function details(d: ClientDuplicate): string {
  const place = [d.postalCode, d.city].filter(Boolean).join(' ');
  return [place, d.email, d.phoneMobile ?? d.phoneLandline].filter(Boolean).join(' · ');
}

/**
 * Existing clients that may be the one being typed or just saved: same e-mail, same phone, or same name
 * with the same postal code or city. A warning, never a block (a homonym may be another person): before
 * saving, the person opens the existing client or saves anyway (`onSaveAnyway`).
 */
export function DuplicateWarning({
  duplicates,
  onSaveAnyway,
  saving = false,
  headingRef,
}: {
  duplicates: ClientDuplicate[];
  /** Before saving: the "Enregistrer quand même" button. */
  onSaveAnyway?: () => void;
  saving?: boolean;
  /** Focused when a save was held back for this warning. */
  headingRef?: Ref<HTMLParagraphElement>;
}) {
  if (duplicates.length === 0) return null;
  const several = duplicates.length > 1;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="duplicate-warning"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p ref={headingRef} tabIndex={-1} className="font-medium outline-none">
          {onSaveAnyway
            ? several
              ? 'Ce client existe peut-être déjà : des fiches lui ressemblent.'
              : 'Ce client existe peut-être déjà : une fiche lui ressemble.'
            : `${several ? 'Doublons possibles' : 'Doublon possible'} : vérifiez qu’il ne s’agit pas du même client.`}
        </p>
        <ul className="flex flex-col gap-1.5">
          {duplicates.map((d) => (
            <li key={d.id} className="min-w-0">
              <Link
                to={`/clients/${d.id}`}
                className="font-medium break-words underline underline-offset-2"
                data-testid="duplicate-link"
              >
                {d.displayName}
              </Link>{' '}
              <span>
                ({matchReason(d.matchedOn)}
                {d.archived ? ', archivé' : ''})
              </span>
              {details(d) ? <span className="block break-words text-xs opacity-80">{details(d)}</span> : null}
            </li>
          ))}
        </ul>
        {onSaveAnyway ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <p className="text-xs sm:flex-1">
              Ouvrez la fiche existante pour la compléter, ou enregistrez si c’est une autre personne.
            </p>
            <Button type="button" variant="outline" size="sm" disabled={saving} onClick={onSaveAnyway}>
              Enregistrer quand même
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
