import { useForm } from 'react-hook-form';
import type { LoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useAuth } from '../auth-context';
import { FormField } from './form-field';

// zod and the schema are downloaded on first validation: the sign-in page stays light (bundle budget).
const resolver = lazyZodResolver<LoginInput>(() => import('@shared/schemas/auth').then((m) => m.loginSchema));

export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onFocus={resolver.preload}
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
