import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * The footer of a dialog's form: "Annuler", then the submit button, disabled and saying `pendingLabel` while the
 * save runs. `form` names the form when the footer sits outside it.
 */
export function DialogFormFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  form,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  form?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" form={form} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
