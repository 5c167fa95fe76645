import { useRef, type KeyboardEvent } from 'react';
import { CLARITY_TABS, type CalibratedClarity } from '@shared/constants';
import { cn } from '@/lib/class-merge';

/** Ids tying each clarity tab to the result panel (WAI-ARIA tabs). */
export const clarityTabId = (baseId: string, c: CalibratedClarity) => `${baseId}-tab-${c}`;
export const clarityPanelId = (baseId: string) => `${baseId}-panel`;

const KEY_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The clarity tabs of "Prix Calibrés": WAI-ARIA tabs (arrows, Home, End, automatic activation), without Radix
 * Tabs (~5 KB gzipped on the dashboard's first load).
 */
export function ClarityTabs({
  baseId,
  value,
  onValueChange,
}: {
  baseId: string;
  value: CalibratedClarity;
  onValueChange: (value: CalibratedClarity) => void;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index, CLARITY_TABS.length - 1);
    const clarity = CLARITY_TABS[next];
    if (!clarity) return;
    onValueChange(clarity);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Pureté"
      aria-orientation="horizontal"
      className="grid w-full grid-cols-3 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:grid-cols-6"
    >
      {CLARITY_TABS.map((c, index) => {
        const selected = c === value;
        return (
          <button
            key={c}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={clarityTabId(baseId, c)}
            aria-selected={selected}
            aria-controls={clarityPanelId(baseId)}
            data-state={selected ? 'active' : 'inactive'}
            data-testid={`clarity-tab-${c}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onValueChange(c)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'inline-flex h-7 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
              selected && 'bg-background text-foreground shadow',
            )}
          >
            {c}
          </button>
        );
      })}
    </div>
  );
}
