import { GOLD_BUY_STATUS_LABELS, type GoldBuyStatus } from '@shared/schemas/gold-buys';
import { cn } from '@/lib/class-merge';

const TONES: Readonly<Record<GoldBuyStatus, string>> = {
  draft: 'border-transparent bg-secondary text-secondary-foreground',
  validated: 'border-sky-600/40 bg-sky-500/10 text-sky-800 dark:text-sky-200',
  paid: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  melted: 'border-amber-600/40 bg-amber-500/10 text-amber-900 dark:text-amber-200',
  resold: 'border-violet-600/40 bg-violet-500/10 text-violet-800 dark:text-violet-200',
  withdrawn: 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-200',
};

/** A purchase's status in French (Brouillon, Validé, Payé, Fondu, Revendu, Rétracté). */
export function GoldBuyStatusBadge({ status, className }: { status: GoldBuyStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[status],
        className,
      )}
      data-testid="gold-buy-status"
    >
      {GOLD_BUY_STATUS_LABELS[status]}
    </span>
  );
}
