import type { MouseEvent } from 'react';

/**
 * "Aller au contenu": the first Tab stop of a page, visible only when focused (WCAG 2.4.1). Moves the focus to
 * the element with `targetId` (which needs tabIndex -1) without touching the URL, so the router never sees a
 * fragment navigation.
 */
export function SkipLink({ targetId, label = 'Aller au contenu' }: { targetId: string; label?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
      data-testid="skip-link"
    >
      {label}
    </a>
  );
}
