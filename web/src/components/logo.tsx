import { Link } from 'react-router';
import { cn } from '@/lib/class-merge';

interface MarkProps {
  variant: 'light' | 'dark';
  className?: string;
}

/** A faceted brilliant seen from the side: table, crown facets, girdle and pavilion. */
export function LogoMark({ variant, className }: MarkProps) {
  const stroke = variant === 'light' ? '#1f2a44' : '#f1e6c8';
  const gold = variant === 'light' ? '#a87a1f' : '#e2b955';
  const fill = variant === 'light' ? '#f6efe0' : '#2a3146';
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <path d="M6 15 13.5 7h13L34 15 20 35z" fill={fill} stroke={stroke} strokeWidth="2" strokeLinejoin="round" />
      <path d="M6 15h28" stroke={stroke} strokeWidth="1.5" />
      <path
        d="M13.5 7 17 15l3-8 3 8 3.5-8M17 15l3 20 3-20"
        fill="none"
        stroke={gold}
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path d="M29 3.5v3M27.5 5h3" stroke={gold} strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

/** Logo linking to /: the light variant on the light theme, the dark variant on the dark theme (CSS only). */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      // The visible words are the start of the accessible name (WCAG 2.5.3, axe label-content-name-mismatch).
      aria-label={compact ? 'Pricer Bijouterie, accueil' : undefined}
      className={cn(
        'inline-flex items-center gap-2.5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <LogoMark variant="light" className="size-9 shrink-0 dark:hidden" />
      <LogoMark variant="dark" className="hidden size-9 shrink-0 dark:block" />
      {!compact && (
        <span className="flex flex-col leading-none">
          <span className="font-serif text-lg font-semibold tracking-tight text-foreground">Pricer</span>{' '}
          <span className="text-[0.7rem] font-medium uppercase tracking-[0.2em] text-gold-foreground">Bijouterie</span>
          <span className="sr-only">, accueil</span>
        </span>
      )}
    </Link>
  );
}
