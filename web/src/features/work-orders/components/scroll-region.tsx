import type { ReactNode } from 'react';

/** A wide table that scrolls sideways on a phone; focusable so the keyboard scrolls it too. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
