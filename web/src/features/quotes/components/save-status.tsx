import { AlertTriangle, Check, CloudUpload, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { QuoteAutosave } from '../api/use-quote-autosave';
import { formatTimeFr, lineNumbersText } from '../lib/display';

/**
 * Where the draft stands: "Enregistré à 10:42", "Enregistrement…", what is not saved and why, and the way out of
 * a refused save (retry) or of a conflict (keep mine or reload theirs).
 */
export function SaveStatus({ autosave, skippedLines }: { autosave: QuoteAutosave; skippedLines: number[] }) {
  const { status, savedAt } = autosave;
  const skipped =
    skippedLines.length > 0
      ? `${lineNumbersText(skippedLines)} incomplète${skippedLines.length > 1 ? 's' : ''} : non enregistrée${skippedLines.length > 1 ? 's' : ''}.`
      : null;
  let body;
  switch (status) {
    case 'saving':
      body = (
        <>
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Enregistrement…
        </>
      );
      break;
    case 'pending':
      body = (
        <>
          <CloudUpload className="size-4" aria-hidden="true" />
          Modifications en attente…
        </>
      );
      break;
    case 'invalid':
      body = (
        <span className="flex items-center gap-1.5 text-destructive">
          <AlertTriangle className="size-4" aria-hidden="true" />
          Non enregistré : corrigez les champs signalés
        </span>
      );
      break;
    case 'error':
      body = (
        <span className="flex flex-wrap items-center gap-1.5 text-destructive">
          <AlertTriangle className="size-4" aria-hidden="true" />
          Non enregistré{autosave.errorMessage ? ` : ${autosave.errorMessage}` : ''}
          <Button type="button" size="sm" variant="outline" className="h-7" onClick={autosave.retry}>
            Réessayer
          </Button>
        </span>
      );
      break;
    case 'conflict':
      body = (
        <span className="flex flex-wrap items-center gap-1.5 text-destructive">
          <AlertTriangle className="size-4" aria-hidden="true" />
          Ce devis a été modifié ailleurs : vos saisies sont conservées mais pas enregistrées.
          <Button type="button" size="sm" variant="outline" className="h-7" onClick={() => void autosave.keepMine()}>
            Garder mes saisies
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-7" onClick={() => void autosave.reloadTheirs()}>
            Recharger
          </Button>
        </span>
      );
      break;
    default:
      body = savedAt ? (
        <>
          <Check className="size-4 text-emerald-600" aria-hidden="true" />
          Enregistré à {formatTimeFr(savedAt)}
        </>
      ) : (
        <>
          <Check className="size-4 text-emerald-600" aria-hidden="true" />
          Brouillon enregistré automatiquement
        </>
      );
  }
  return (
    <div className="flex flex-col gap-0.5 text-sm text-muted-foreground" data-testid="save-status">
      <p role="status" aria-live="polite" className="flex items-center gap-1.5" data-status={status}>
        {body}
      </p>
      {skipped && <p className="text-xs font-medium text-amber-700 dark:text-amber-300">{skipped}</p>}
    </div>
  );
}
