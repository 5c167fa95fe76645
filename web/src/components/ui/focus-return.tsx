import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). Radix does it for a `Dialog.Trigger`
 * only; a dialog opened by state (confirmations, "Nouvel utilisateur", an entry of the journal…) left the focus
 * on the page's body. `RememberOpener` goes inside the dialog's content, which mounts on opening: its layout
 * effect runs before Radix moves the focus in, so it sees the element that had it. `onCloseAutoFocus` puts it back
 * (when it is still on the page), or lets Radix do its default.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void): {
  openerRef: RefObject<HTMLElement | null>;
  onCloseAutoFocus: (event: Event) => void;
} {
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    openerRef,
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const opener = openerRef.current;
      openerRef.current = null;
      if (event.defaultPrevented || !opener || !opener.isConnected || opener === document.body) return;
      event.preventDefault();
      opener.focus();
    },
  };
}

export function RememberOpener({ intoRef }: { intoRef: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    intoRef.current = active instanceof HTMLElement ? active : null;
  }, [intoRef]);
  return null;
}
