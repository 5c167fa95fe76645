import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileSchema, type UpdateProfileInput } from '@shared/schemas/account';
import type { AccountProfile } from '@shared/schemas/account';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/features/auth/components/form-field';
import { useUpdateProfile } from './account-api';
import { fieldErrorsToForm } from './server-errors';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** Name and email of the signed-in user (PUT /api/account). */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    form.reset({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email });
  }, [form, profile.firstName, profile.lastName, profile.email]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: 'Profil enregistré', description: 'Vos informations ont été mises à jour' }),
      onError: (error) => {
        const message = fieldErrorsToForm(error, form.setError, FIELDS);
        if (message) toast({ title: 'Enregistrement impossible', description: message, variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Mes informations">
      <UnsavedChangesGuard when={isDirty && !update.isPending} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="account-first-name"
          label="Prénom"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <FormField
          id="account-last-name"
          label="Nom"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <FormField
        id="account-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <p className="text-sm text-muted-foreground">
        Nom d&apos;utilisateur : <span className="font-medium text-foreground">{profile.username}</span> — Rôle :{' '}
        <span className="font-medium text-foreground">{profile.roleLabel}</span>
      </p>
      <div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          {update.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
