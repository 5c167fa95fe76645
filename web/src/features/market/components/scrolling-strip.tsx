import type { ReactNode } from 'react';
import { TICKER_COPIES, TICKER_SPEED_PX_PER_S } from '@shared/constants';
import { cn } from '@/lib/class-merge';
import { useAutoScroll } from '../hooks/use-auto-scroll';

/**
 * An endless strip of TICKER_COPIES identical copies of its children scrolling at TICKER_SPEED_PX_PER_S, moved by
 * a compositor animation (use-auto-scroll.ts): it renders only when its children change.
 */
export function ScrollingStrip({
  children,
  label,
  draggable,
  className,
  testId,
}: {
  children: ReactNode;
  label: string;
  draggable: boolean;
  className?: string;
  testId?: string;
}) {
  const { stripRef, trackRef } = useAutoScroll<HTMLElement, HTMLDivElement>({
    speedPxPerS: TICKER_SPEED_PX_PER_S,
    draggable,
  });
  return (
    <section
      ref={stripRef}
      aria-label={label}
      data-testid={testId}
      className={cn(
        'touch-pan-y overflow-hidden select-none',
        draggable && 'cursor-grab data-pressed:cursor-grabbing',
        className,
      )}
    >
      <div ref={trackRef} className="flex w-max">
        {Array.from({ length: TICKER_COPIES }, (_, copy) => (
          <div key={copy} className="flex shrink-0 items-center" aria-hidden={copy > 0 ? true : undefined}>
            {children}
          </div>
        ))}
      </div>
    </section>
  );
}
