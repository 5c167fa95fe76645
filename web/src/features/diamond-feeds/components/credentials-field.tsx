import type { UseFormReturn } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import type { DiamondFeedCreateInput } from '@shared/schemas/diamond-feeds';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FeedFormValues } from '../lib/feed-form';

/**
 * The supplier server's credentials, write-only: a stored secret is never shown, only "Identifiants enregistrés"
 * with the choice to replace or remove it when the feed is saved.
 */
export function CredentialsField({
  form,
  hasCredentials,
  readOnly,
}: {
  form: UseFormReturn<FeedFormValues, unknown, DiamondFeedCreateInput>;
  hasCredentials: boolean;
  readOnly: boolean;
}) {
  const { register, watch, setValue, formState } = form;
  const action = watch('credentialsAction');
  const choose = (next: FeedFormValues['credentialsAction']) => {
    setValue('credentialsAction', next, { shouldDirty: true });
    if (next !== 'replace') setValue('credentials', '', { shouldDirty: true });
  };

  if (hasCredentials && action !== 'replace') {
    return (
      <div className="flex flex-col gap-1.5 sm:col-span-2" data-testid="stored-credentials">
        <span className="text-sm font-medium">Identifiants</span>
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 text-sm">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
            {action === 'remove' ? 'Identifiants supprimés à l’enregistrement' : 'Identifiants enregistrés'}
          </span>
          {readOnly ? null : action === 'remove' ? (
            <Button variant="ghost" size="sm" onClick={() => choose('keep')}>
              Garder les identifiants
            </Button>
          ) : (
            <>
              <Button variant="outline" size="sm" onClick={() => choose('replace')}>
                Remplacer
              </Button>
              <Button variant="ghost" size="sm" onClick={() => choose('remove')}>
                Supprimer
              </Button>
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <FormField
      label={hasCredentials ? 'Nouveaux identifiants' : 'Identifiants'}
      error={formState.errors.credentials?.message}
      className="sm:col-span-2"
      description={
        <>
          Jeton ou « utilisateur:mot de passe » demandé par le serveur du fournisseur. Ils sont chiffrés et ne sont plus
          jamais affichés.
          {hasCredentials && !readOnly ? (
            <Button variant="link" size="sm" className="h-auto px-1 py-0 text-xs" onClick={() => choose('keep')}>
              Garder les identifiants enregistrés
            </Button>
          ) : null}
        </>
      }
    >
      <Input type="password" autoComplete="new-password" {...register('credentials')} />
    </FormField>
  );
}
