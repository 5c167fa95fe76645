import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@shared/schemas/quotes';
import { cn } from '@/lib/class-merge';

const TONES: Readonly<Record<QuoteStatus, string>> = {
  draft: 'border-transparent bg-secondary text-secondary-foreground',
  sent: 'border-sky-600/40 bg-sky-500/10 text-sky-800 dark:text-sky-200',
  accepted: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  refused: 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-200',
  expired: 'border-amber-600/40 bg-amber-500/10 text-amber-900 dark:text-amber-200',
};

/** A quote's status in French (Brouillon, Envoyé, Accepté, Refusé, Expiré): the quotes list, the quote, the client record. */
export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[status],
        className,
      )}
      data-testid="quote-status"
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
