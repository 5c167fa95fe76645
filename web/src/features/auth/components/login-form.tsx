import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { useAuth } from '../auth-context';
import { FormField } from './form-field';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label="Connexion"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
    >
      <FormField
        id="login-username"
        label="Nom d'utilisateur"
        autoComplete="username"
        required
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="login-password"
        label="Mot de passe"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Connexion...' : 'Se connecter'}
      </Button>
    </form>
  );
}
