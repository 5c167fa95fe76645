import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/auth-context';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength';
import { useChangePassword } from './account-api';
import { handleSaveError } from '@/components/form/save-errors';

/** POST /api/account/password: the current password is required; every other session ends. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const { user } = useAuth();

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset({ currentPassword: '', newPassword: '' });
        toast({
          title: 'Mot de passe modifié',
          description: 'Vos autres sessions ont été fermées',
        });
      },
      onError: (error) => {
        handleSaveError(form, error, { failureTitle: 'Changement impossible' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Changer mon mot de passe">
      <FormField id="account-current-password" label="Mot de passe actuel" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField
        id="account-new-password"
        label="Nouveau mot de passe"
        error={errors.newPassword?.message}
        description={<PasswordStrengthMeter password={newPassword} username={user?.username} />}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        8 caractères au moins, ni un mot de passe courant, ni votre nom d&apos;utilisateur. Vos autres sessions (autres
        navigateurs et appareils) seront fermées ; celle-ci reste ouverte.
      </p>
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Modification...' : 'Changer le mot de passe'}
        </Button>
      </div>
    </form>
  );
}
