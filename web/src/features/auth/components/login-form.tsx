import { useForm } from 'react-hook-form';
import type { LoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useAuth } from '../auth-context';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

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
      <FormField id="login-username" label="Nom d'utilisateur" error={errors.username?.message}>
        <Input autoComplete="username" required {...form.register('username')} />
      </FormField>
      <FormField id="login-password" label="Mot de passe" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" required {...form.register('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Connexion...' : 'Se connecter'}
      </Button>
    </form>
  );
}
