import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/class-merge';

/** A centred spinner with a visible label ("Chargement..." by default). */
export function Spinner({ label = 'Chargement...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-2 p-8', className)}>
      <Loader2 className="size-5 animate-spin text-gold-foreground" aria-hidden="true" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-screen" />;
}
