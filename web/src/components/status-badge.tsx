import { cn } from '@/lib/class-merge';

/** The colours a status badge may take, by what the status means. */
const TONE_CLASSES = {
  neutral: 'border-transparent bg-secondary text-secondary-foreground',
  info: 'border-sky-600/40 bg-sky-500/10 text-sky-800 dark:text-sky-200',
  success: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  warning: 'border-amber-600/40 bg-amber-500/10 text-amber-900 dark:text-amber-200',
  distinct: 'border-violet-600/40 bg-violet-500/10 text-violet-800 dark:text-violet-200',
  danger: 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-200',
} as const;

export type StatusTone = keyof typeof TONE_CLASSES;

/**
 * The badge of a record's status, a small coloured label: its French label, the tone of each status, and the
 * test id the screens and browser tests find it by. Each module makes its own (QuoteStatusBadge,
 * GoldBuyStatusBadge).
 */
export function statusBadge<S extends string>({
  labels,
  tones,
  testId,
}: {
  labels: Readonly<Record<S, string>>;
  tones: Readonly<Record<S, StatusTone>>;
  testId: string;
}) {
  return function StatusBadge({ status, className }: { status: S; className?: string }) {
    return (
      <span
        className={cn(
          'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
          TONE_CLASSES[tones[status]],
          className,
        )}
        data-testid={testId}
      >
        {labels[status]}
      </span>
    );
  };
}
