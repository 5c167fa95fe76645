import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CIVILITIES,
  CLIENT_KIND_LABELS,
  CLIENT_KINDS,
  clientInputSchema,
  type Client,
  type ClientInput,
  type ClientSaveResult,
} from '@shared/schemas/clients';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { handleSaveError } from '@/components/form/save-errors';
import { useZodForm } from '@/components/form/use-zod-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';

interface NewClientValues {
  kind: string;
  civility: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phoneMobile: string;
}

const EMPTY: NewClientValues = {
  kind: 'particulier',
  civility: '',
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  phoneMobile: '',
};

/** POST /api/clients: the client plus duplicate warnings; every client list is read again. */
function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) => apiRequest<ClientSaveResult>('POST', '/api/clients', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/clients'] }),
  });
}

/**
 * A client created from the quote builder with the minimum fields (the shared client schema: the same French
 * errors as the client form); the rest is completed later on the client's record.
 */
export function ClientCreateDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (client: Client) => void;
}) {
  const form = useZodForm<NewClientValues, ClientInput>(clientInputSchema, EMPTY);
  const create = useCreateClient();
  const { errors } = form.formState;
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const client = await create.mutateAsync(input);
      const duplicates = client.duplicates.map((d) => d.displayName).join(', ');
      toast({
        title: 'Client créé',
        description: duplicates ? `${client.displayName} — attention, ressemble à : ${duplicates}` : client.displayName,
      });
      onCreated(client);
      close(false);
    } catch (error) {
      handleSaveError(form, error, { failureTitle: 'Création impossible' });
    }
  });

  const field = (name: keyof NewClientValues) => ({ error: errors[name]?.message, id: `new-client-${name}` });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="client-create-dialog">
        <DialogHeader>
          <DialogTitle>Créer un client</DialogTitle>
          <DialogDescription>Le minimum pour le devis ; complétez la fiche client plus tard.</DialogDescription>
        </DialogHeader>
        <form
          id="new-client-form"
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            // The dialog is rendered in a portal but its events still bubble to the builder's form.
            e.stopPropagation();
            void onSubmit(e);
          }}
        >
          <FormField label="Type de client" {...field('kind')}>
            <select className={SELECT_CLASS} {...form.register('kind')}>
              {CLIENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CLIENT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Civilité" {...field('civility')}>
            <select className={SELECT_CLASS} {...form.register('civility')}>
              <option value="">—</option>
              {CIVILITIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Prénom" {...field('firstName')}>
            <Input autoComplete="off" {...form.register('firstName')} />
          </FormField>
          <FormField label="Nom" required {...field('lastName')}>
            <Input autoComplete="off" {...form.register('lastName')} />
          </FormField>
          <FormField label="Société" {...field('company')}>
            <Input autoComplete="off" {...form.register('company')} />
          </FormField>
          <FormField label="E-mail" {...field('email')}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField label="Téléphone mobile" {...field('phoneMobile')} className="sm:col-span-2">
            <Input type="tel" autoComplete="off" {...form.register('phoneMobile')} />
          </FormField>
        </form>
        <DialogFormFooter
          form="new-client-form"
          onCancel={() => close(false)}
          pending={create.isPending}
          submitLabel="Créer le client"
          pendingLabel="Création…"
        />
      </DialogContent>
    </Dialog>
  );
}
