import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { acceptInvitationSchema } from '@shared/schemas/users';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength';

interface InvitationInfo {
  username: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  expiresAt: string;
}

const formSchema = acceptInvitationSchema
  .extend({ confirmPassword: z.string().min(1, 'Ce champ est obligatoire') })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Les mots de passe ne correspondent pas',
    path: ['confirmPassword'],
  });
type FormValues = z.infer<typeof formSchema>;

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4">
      <div className="grid w-full max-w-md gap-6">
        <div className="flex justify-center">
          <Logo />
        </div>
        {children}
      </div>
    </main>
  );
}

/** /invitation/:token (public): the invited person chooses their password, then signs in normally. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const info = useQuery<InvitationInfo>({
    queryKey: ['/api/invitations', token],
    queryFn: () => apiGet<InvitationInfo>(`/api/invitations/${encodeURIComponent(token)}`),
  });
  const accept = useMutation<{ ok: boolean; username: string }, Error, string>({
    mutationFn: (password) => apiRequest('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, { password }),
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  if (info.isLoading) return <Spinner className="min-h-screen" />;

  if (done) {
    return (
      <Frame>
        <Card>
          <CardHeader>
            <CardTitle level={1}>Mot de passe enregistré</CardTitle>
            <CardDescription>
              Votre compte <strong>{done}</strong> est prêt. Connectez-vous avec votre nom d&apos;utilisateur et le mot
              de passe choisi.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/auth">Se connecter</Link>
            </Button>
          </CardContent>
        </Card>
      </Frame>
    );
  }

  if (info.isError || !info.data) {
    const notFound = info.error instanceof ApiError && info.error.status === 404;
    return (
      <Frame>
        <Card>
          <CardHeader>
            <CardTitle level={1}>Invitation invalide</CardTitle>
            <CardDescription>
              {notFound
                ? 'Ce lien est invalide, expiré ou déjà utilisé. Demandez un nouveau lien à votre administrateur.'
                : "L'invitation n'a pas pu être chargée. Réessayez dans un instant."}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex gap-2">
            {!notFound && (
              <Button variant="outline" onClick={() => void info.refetch()}>
                Réessayer
              </Button>
            )}
            <Button asChild variant={notFound ? 'default' : 'ghost'}>
              <Link to="/auth">Aller à la connexion</Link>
            </Button>
          </CardContent>
        </Card>
      </Frame>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    accept.mutate(password, {
      onSuccess: (answer) => setDone(answer.username),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors?.password?.[0] : undefined;
        if (field) form.setError('password', { type: 'server', message: field });
        else
          toast({
            title: 'Invitation refusée',
            description: error instanceof ApiError ? error.serverMessage : error.message,
            variant: 'destructive',
          });
      },
    }),
  );

  return (
    <Frame>
      <Card>
        <CardHeader>
          <CardTitle level={1}>Bienvenue {info.data.firstName}</CardTitle>
          <CardDescription>
            {info.data.organizationName} vous invite dans Pricer Bijouterie. Choisissez le mot de passe du compte{' '}
            <strong>{info.data.username}</strong>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              id="invitation-password"
              label="Mot de passe"
              error={errors.password?.message}
              description={<PasswordStrengthMeter password={password} username={info.data.username} />}
            >
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <FormField
              id="invitation-confirm"
              label="Confirmer le mot de passe"
              error={errors.confirmPassword?.message}
            >
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Enregistrement...' : 'Activer mon compte'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Frame>
  );
}
