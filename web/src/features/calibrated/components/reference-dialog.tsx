import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Slot } from '@radix-ui/react-slot';

const loadBody = () => import('./reference-dialog-body');
const ReferenceDialogBody = lazy(loadBody);

/**
 * A centred modal with a title, used for the calibrated reference tables. The trigger renders at once; the
 * Radix dialog is downloaded when the pointer or the focus reaches the trigger, and shown on click.
 */
export function ReferenceDialog({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  const prefetch = () => void loadBody();
  return (
    <>
      <Slot
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot>
      {used ? (
        <Suspense fallback={null}>
          <ReferenceDialogBody
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            title={title}
            description={description}
          >
            {children}
          </ReferenceDialogBody>
        </Suspense>
      ) : null}
    </>
  );
}
