import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/class-merge';

interface AuthTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Two WAI-ARIA tabs styled like the clarity tabs of the dashboard (clarity-tabs.tsx). The sign-in page is measured
 * for size, so it uses this small version rather than Radix Tabs.
 */
export function AuthTabs({ tabs, defaultValue }: { tabs: AuthTab[]; defaultValue: string }) {
  const [active, setActive] = useState(defaultValue);
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    setActive(tab.value);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className="grid h-9 w-full grid-cols-2 items-center rounded-lg bg-muted p-1 text-muted-foreground"
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === active;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.value}`}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'inline-flex h-full items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                selected && 'bg-background text-foreground shadow',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === active ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${baseId}-panel-${tab.value}`}
            aria-labelledby={`${baseId}-tab-${tab.value}`}
            tabIndex={0}
            className="pt-4 focus-visible:outline-none"
          >
            {tab.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
