import { useState } from 'react';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  destructive?: boolean;
}

/** A button that asks for confirmation (shared ConfirmDialog) before a destructive or important action. */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
  children,
  ...buttonProps
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        destructive={destructive}
        onOpenChange={setOpen}
        onConfirm={async () => {
          await onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}
