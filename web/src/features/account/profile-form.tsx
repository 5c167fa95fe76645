import { updateProfileSchema, type AccountProfile, type UpdateProfileInput } from '@shared/schemas/account';
import { DraftNotice } from '@/components/form/draft-notice';
import { FormField } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useUpdateProfile } from './account-api';

const toFormValues = (profile: AccountProfile): UpdateProfileInput => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
});

/**
 * Name and email of the signed-in user (PUT /api/account). A record form (use-record-form.ts): saved with the
 * version it was loaded with, a 409 offers "Recharger", what is typed is kept as a draft if the session ends. It
 * stays on /account after saving; while nothing is typed it follows the profile saved elsewhere.
 */
export function ProfileForm({
  profile,
  onReload,
}: {
  profile: AccountProfile;
  onReload: () => Promise<AccountProfile | undefined>;
}) {
  const update = useUpdateProfile();
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: updateProfileSchema,
    record: profile,
    // The page shows the form once the profile is loaded: `profile` is always there.
    toValues: (loaded?: AccountProfile) => toFormValues(loaded ?? profile),
    onReload,
    followRecord: true,
    save: async (input: UpdateProfileInput, version) => {
      const record = await update.mutateAsync({ ...input, version });
      return {
        title: 'Profil enregistré',
        description: 'Vos informations ont été mises à jour',
        to: '/account',
        record,
      };
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label="Mes informations">
      <UnsavedChangesGuard when={isDirty && !saved && !isSubmitting} />
      <DraftNotice draft={draft} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="account-first-name" label="Prénom" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField id="account-last-name" label="Nom" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="account-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        Nom d&apos;utilisateur : <span className="font-medium text-foreground">{profile.username}</span> — Rôle :{' '}
        <span className="font-medium text-foreground">{profile.roleLabel}</span>
      </p>
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
