import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { DraftState } from './use-record-form';

const TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/**
 * "Brouillon restauré": the record form opened with what was typed before the session ended (use-record-form.ts),
 * with the way to put the saved values back.
 */
export function DraftNotice({ draft }: { draft: DraftState }) {
  if (!draft.restored) return null;
  const at = draft.savedAt ? new Date(draft.savedAt) : null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-notice"
    >
      <div className="flex items-start gap-2">
        <History className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        <p>
          <span className="font-semibold">Brouillon restauré</span>
          <span className="text-muted-foreground">
            {' '}
            — vos saisies non enregistrées{at && !Number.isNaN(at.getTime()) ? ` de ${TIME.format(at)}` : ''} ont été
            reprises. Enregistrez pour les garder.
          </span>
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" className="shrink-0" onClick={draft.discard}>
        Abandonner le brouillon
      </Button>
    </div>
  );
}
