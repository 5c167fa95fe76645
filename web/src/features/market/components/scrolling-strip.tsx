import type { ReactNode } from 'react';
import { TICKER_COPIES, TICKER_SPEED_PX_PER_S } from '@shared/constants';
import { cn } from '@/lib/utils';
import { useAutoScroll } from '../hooks/use-auto-scroll';

/** An endless strip of `copies` identical copies of its children, scrolling at TICKER_SPEED_PX_PER_S. */
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
  const { trackRef, handlers, pressed } = useAutoScroll({ speedPxPerS: TICKER_SPEED_PX_PER_S, draggable });
  return (
    <section
      aria-label={label}
      data-testid={testId}
      data-paused={pressed ? 'true' : undefined}
      className={cn(
        'touch-pan-y overflow-hidden select-none',
        draggable && (pressed ? 'cursor-grabbing' : 'cursor-grab'),
        className,
      )}
      {...handlers}
    >
      <div ref={trackRef} className="flex w-max will-change-transform">
        {Array.from({ length: TICKER_COPIES }, (_, copy) => (
          <div key={copy} className="flex shrink-0 items-center" aria-hidden={copy > 0 ? true : undefined}>
            {children}
          </div>
        ))}
      </div>
    </section>
  );
}
