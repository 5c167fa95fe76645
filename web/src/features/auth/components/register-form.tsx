import { useForm, useWatch } from 'react-hook-form';
import type { RegisterFormInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '../auth-context';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PasswordStrengthMeter } from './password-strength';

const MISMATCH = 'Les mots de passe ne correspondent pas';
const FIELDS = ['username', 'email', 'firstName', 'lastName', 'password'] as const;

// zod and the schema are downloaded on first validation: the sign-in page stays light (bundle budget).
const resolver = lazyZodResolver<RegisterFormInput>(() =>
  import('@shared/schemas/auth').then((m) => m.registerFormSchema),
);

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterFormInput>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const [username, password] = useWatch({ control: form.control, name: ['username', 'password'] });

  const reportMismatch = () => {
    form.setError('confirmPassword', { message: MISMATCH });
    toast({ title: 'Erreur', description: MISMATCH, variant: 'destructive' });
  };

  const onSubmit = form.handleSubmit(
    ({ confirmPassword, ...input }) => {
      if (input.password !== confirmPassword) return reportMismatch();
      registerMutation.mutate(input, {
        onError: (error) => {
          // Show the server's field errors beside the fields too (the toast already carries the message).
          const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
          for (const field of FIELDS) {
            const message = fieldErrors?.[field]?.[0];
            if (message) form.setError(field, { message });
          }
        },
      });
    },
    () => {
      // Other fields are invalid too: still say so when the two passwords differ.
      const { password, confirmPassword } = form.getValues();
      if (password && confirmPassword && password !== confirmPassword) reportMismatch();
    },
  );

  return (
    <form noValidate onFocus={resolver.preload} className="grid gap-4" aria-label="Inscription" onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="Prénom" error={errors.firstName?.message}>
          <Input autoComplete="given-name" required {...form.register('firstName')} />
        </FormField>
        <FormField id="register-last-name" label="Nom" error={errors.lastName?.message}>
          <Input autoComplete="family-name" required {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" required {...form.register('email')} />
      </FormField>
      <FormField id="register-username" label="Nom d'utilisateur" error={errors.username?.message}>
        <Input autoComplete="username" required {...form.register('username')} />
      </FormField>
      <FormField
        id="register-password"
        label="Mot de passe"
        error={errors.password?.message}
        description={<PasswordStrengthMeter password={password} username={username} />}
      >
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </FormField>
      <FormField
        id="register-confirm-password"
        label="Confirmer le mot de passe"
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Création...' : 'Créer le compte'}
      </Button>
    </form>
  );
}
