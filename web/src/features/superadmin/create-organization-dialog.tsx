import type { z } from 'zod';
import { createOrganizationSchema } from '@shared/schemas/superadmin';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { FormField } from '@/components/form/form-field';
import { useCreateDialog } from '@/components/form/use-create-dialog';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { absoluteUrl, SecretReveal } from '@/features/users/secret-reveal';
import { useCreateOrganization } from './superadmin-api';

type Values = z.input<typeof createOrganizationSchema>;
const EMPTY: Values = {
  name: '',
  admin: { username: '', email: '', firstName: '', lastName: '', onboarding: 'temporary-password' },
};

/** A new organization and its first administrator; the administrator's secret is shown once. */
export function CreateOrganizationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateOrganization();
  const form = useZodForm<Values, z.output<typeof createOrganizationSchema>>(createOrganizationSchema, EMPTY);
  const { errors } = form.formState;
  const { created, close, onSubmit } = useCreateDialog({
    form,
    empty: EMPTY,
    create,
    onOpenChange,
    createdToast: (answer) => ({ title: 'Organisation créée', description: answer.organization.name }),
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Organisation créée' : 'Nouvelle organisation'}</DialogTitle>
          <DialogDescription>
            {created
              ? `${created.organization.name} — administrateur : ${created.admin.user.username}`
              : 'Une organisation et son premier administrateur.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            {created.admin.temporaryPassword && (
              <SecretReveal
                label="Mot de passe temporaire de l'administrateur"
                value={created.admin.temporaryPassword}
                hint="Il devra le changer à sa première connexion."
              />
            )}
            {created.admin.invitation && (
              <SecretReveal
                label="Lien d'invitation de l'administrateur"
                value={absoluteUrl(created.admin.invitation.url)}
                hint="Le lien est valable 72 heures et ne sert qu'une fois."
              />
            )}
            <DialogFooter>
              <Button onClick={() => close(false)}>J&apos;ai copié, fermer</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Nouvelle organisation">
            <FormField label="Nom de l'organisation" error={errors.name?.message} required>
              <Input {...form.register('name')} />
            </FormField>
            <fieldset className="grid gap-4 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Premier administrateur</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Prénom" error={errors.admin?.firstName?.message} required>
                  <Input {...form.register('admin.firstName')} />
                </FormField>
                <FormField label="Nom" error={errors.admin?.lastName?.message} required>
                  <Input {...form.register('admin.lastName')} />
                </FormField>
              </div>
              <FormField label="Email" error={errors.admin?.email?.message} required>
                <Input type="email" {...form.register('admin.email')} />
              </FormField>
              <FormField label="Nom d'utilisateur" error={errors.admin?.username?.message} required>
                <Input autoComplete="off" {...form.register('admin.username')} />
              </FormField>
              <div className="grid gap-2 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" value="temporary-password" {...form.register('admin.onboarding')} />
                  Mot de passe temporaire (affiché une fois)
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" value="invitation" {...form.register('admin.onboarding')} />
                  Lien d&apos;invitation (72 h, une seule fois)
                </label>
              </div>
            </fieldset>
            <DialogFormFooter
              onCancel={() => close(false)}
              pending={create.isPending}
              submitLabel="Créer l'organisation"
              pendingLabel="Création..."
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
