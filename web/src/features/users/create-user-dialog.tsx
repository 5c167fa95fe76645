import { createUserSchema, type CreateUserInput } from '@shared/schemas/users';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { FormField, nativeControlClass } from '@/components/form/form-field';
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
import { grantableRoles } from './role-options';
import { absoluteUrl, SecretReveal } from './secret-reveal';
import { useCreateUser } from './users-api';

const EMPTY: CreateUserInput = {
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  role: 'sales',
  onboarding: 'temporary-password',
};

/** "Nouvel utilisateur": the staff account form, then its secret shown once. */
export function CreateUserDialog({
  open,
  onOpenChange,
  actorRole,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actorRole: string;
}) {
  const create = useCreateUser();
  const form = useZodForm<CreateUserInput>(createUserSchema, EMPTY);
  const { errors } = form.formState;
  const { created, close, onSubmit } = useCreateDialog({
    form,
    empty: EMPTY,
    create,
    onOpenChange,
    createdToast: (answer) => ({
      title: 'Utilisateur créé',
      description: `Le compte ${answer.user.username} a été créé`,
    }),
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Compte créé' : 'Nouvel utilisateur'}</DialogTitle>
          <DialogDescription>
            {created
              ? `${created.user.firstName} ${created.user.lastName} (${created.user.username}) — ${created.user.roleLabel}`
              : 'Un compte pour un membre de votre équipe, dans votre organisation.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            {created.temporaryPassword && (
              <SecretReveal
                label="Mot de passe temporaire"
                value={created.temporaryPassword}
                hint="La personne devra le changer à sa première connexion."
              />
            )}
            {created.invitation && (
              <SecretReveal
                label="Lien d'invitation"
                value={absoluteUrl(created.invitation.url)}
                hint="Le lien est valable 72 heures et ne sert qu'une fois."
              />
            )}
            <DialogFooter>
              <Button onClick={() => close(false)}>J&apos;ai copié, fermer</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Nouvel utilisateur">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Prénom" error={errors.firstName?.message} required>
                <Input autoComplete="off" {...form.register('firstName')} />
              </FormField>
              <FormField label="Nom" error={errors.lastName?.message} required>
                <Input autoComplete="off" {...form.register('lastName')} />
              </FormField>
            </div>
            <FormField label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Nom d'utilisateur" error={errors.username?.message} required>
                <Input autoComplete="off" {...form.register('username')} />
              </FormField>
              <FormField label="Rôle" error={errors.role?.message} required>
                <select className={nativeControlClass} {...form.register('role')}>
                  {grantableRoles(actorRole).map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Première connexion</legend>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" value="temporary-password" className="mt-1" {...form.register('onboarding')} />
                <span>
                  Mot de passe temporaire
                  <span className="block text-xs text-muted-foreground">
                    Affiché une fois ; à changer à la première connexion.
                  </span>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" value="invitation" className="mt-1" {...form.register('onboarding')} />
                <span>
                  Lien d&apos;invitation
                  <span className="block text-xs text-muted-foreground">
                    La personne choisit son mot de passe (lien valable 72 h, une seule fois).
                  </span>
                </span>
              </label>
              {errors.onboarding?.message && (
                <p role="alert" className="text-xs font-medium text-destructive">
                  {errors.onboarding.message}
                </p>
              )}
            </fieldset>
            <DialogFormFooter
              onCancel={() => close(false)}
              pending={create.isPending}
              submitLabel="Créer le compte"
              pendingLabel="Création..."
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
