import type { ReactNode, RefObject } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The Radix modal of ReferenceDialog, downloaded on first use (it is not needed to show the dashboard). */
export default function ReferenceDialogBody({
  open,
  onOpenChange,
  triggerRef,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            // No Radix Trigger here: give the focus back to the button that opened the dialog.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-lg focus:outline-none"
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
          <div className="overflow-y-auto">{children}</div>
          <DialogPrimitive.Close
            aria-label="Fermer"
            className="absolute top-4 right-4 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
